import type { Handlers } from '../handler.ts';

export const recallHandlers: Handlers = {};
