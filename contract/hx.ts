export const hxOperations = {};
