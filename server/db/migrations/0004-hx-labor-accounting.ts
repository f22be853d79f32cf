/** Filled in by the records work. */
export const records = `
SELECT 1;
`;
