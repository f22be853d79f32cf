import type { Handlers } from '../handler.ts';

export const hxHandlers: Handlers = {};
