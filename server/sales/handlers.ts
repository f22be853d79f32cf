import type { Handlers } from '../handler.ts';

export const salesHandlers: Handlers = {};
