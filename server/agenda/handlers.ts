import type { Handlers } from '../handler.ts';

export const agendaHandlers: Handlers = {};
