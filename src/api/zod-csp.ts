import { z } from 'zod';

/**
 * The page's policy forbids eval (script-src 'self'). Zod would probe `new Function` to compile fast parsers, and
 * the browser reports that probe as a violation even though zod catches it. Imported first by main.tsx, before
 * any schema is built, because zod reads the setting when a schema is created.
 */
z.config({ jitless: true });
