import type { Handlers } from '../handler.ts';

export const laborHandlers: Handlers = {};
