import type { Handlers } from '../handler.ts';

export const accountingHandlers: Handlers = {};
