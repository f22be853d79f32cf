import { salesOperations } from '#contract/sales.ts';
import { registerOperations } from '../operation-table.ts';

/**
 * The sales area's operations, handed to the client (operation-table.ts) by every module of the area that calls
 * them: they come with the board or whichever page uses the area, never with Today's first load (issue 38).
 */
registerOperations(salesOperations);
