import type { Handlers } from '../handler.ts';
import { admissionHandlers } from './admissions.ts';
import { folderHandlers } from './folders.ts';
import { historyHandlers } from './history.ts';
import { leadHandlers } from './leads.ts';
import { statsHandlers } from './stats.ts';
import { updateHandlers } from './update.ts';

export const salesHandlers: Handlers = {
  ...leadHandlers,
  ...historyHandlers,
  ...folderHandlers,
  ...admissionHandlers,
  ...statsHandlers,
  ...updateHandlers,
};
