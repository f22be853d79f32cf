export const agendaOperations = {};
