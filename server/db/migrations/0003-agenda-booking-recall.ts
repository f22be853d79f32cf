/** Filled in by the agenda work. */
export const agenda = `
SELECT 1;
`;
