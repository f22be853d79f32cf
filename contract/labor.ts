export const laborOperations = {};
