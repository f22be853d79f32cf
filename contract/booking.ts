export const bookingOperations = {};
