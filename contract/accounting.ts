export const accountingOperations = {};
