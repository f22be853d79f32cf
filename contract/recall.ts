export const recallOperations = {};
