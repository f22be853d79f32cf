export const salesOperations = {};
