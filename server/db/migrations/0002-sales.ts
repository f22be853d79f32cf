/** Filled in by the sales work. */
export const sales = `
SELECT 1;
`;
