import { accountingHandlers } from './accounting/handlers.ts';
import { absenceHandlers } from './agenda/absences.ts';
import { agendaHandlers } from './agenda/handlers.ts';
import { waitlistHandlers } from './agenda/waitlist.ts';
import { bookingHandlers } from './booking/handlers.ts';
import type { Handlers } from './handler.ts';
import { hxHandlers } from './hx/handlers.ts';
import { laborHandlers } from './labor/handlers.ts';
import { recallHandlers } from './recall/handlers.ts';
import { salesHandlers } from './sales/handlers.ts';
import { systemHandlers } from './system/handlers.ts';

export const handlers: Handlers = {
  ...salesHandlers,
  ...agendaHandlers,
  ...waitlistHandlers,
  ...absenceHandlers,
  ...recallHandlers,
  ...bookingHandlers,
  ...hxHandlers,
  ...laborHandlers,
  ...accountingHandlers,
  ...systemHandlers,
};
