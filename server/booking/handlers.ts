import type { Handlers } from '../handler.ts';

export const bookingHandlers: Handlers = {};
