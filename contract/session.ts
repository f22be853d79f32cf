import { z } from 'zod';

/**
 * What the page may know of a session (the `praxis.who` cookie and the answers of the app server's `/session`):
 * never a secret. The server writes it, the page reads it back from a cookie any script could have changed, so it
 * is parsed with this schema, not trusted.
 */
export const who = z.object({
  kind: z.enum(['basic', 'apiKey']),
  /** The user name; null for an API key. */
  user: z.string().nullable(),
  tenant: z.string(),
  remember: z.boolean(),
  locked: z.boolean(),
  /** Picked from getProviders where the practice has no whoami. */
  userid: z.number().int().optional(),
});
export type Who = z.infer<typeof who>;

/** The cookie that carries `Who` to the page (the session id's, `praxis.sid`, is HttpOnly). */
export const WHO_COOKIE = 'praxis.who';
