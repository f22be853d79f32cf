import type { Context } from 'hono';

const forwarded = ['authorization', 'x-api-key', 'content-type', 'if-none-match', 'accept'];

/**
 * Same-origin proxy of /v1 to a real tenant (PRACTICE_API_URL, e.g. https://praxis.example.ch/v1): the browser
 * talks only to its own origin, so the tenant needs no CORS setup. Credentials pass through; nothing is logged.
 */
export function proxyTo(upstream: string) {
  const base = upstream.replace(/\/+$/, '');
  return async (c: Context) => {
    const url = new URL(c.req.url);
    const target = base + url.pathname.replace(/^\/v1/, '') + url.search;
    const headers = new Headers();
    for (const h of forwarded) {
      const v = c.req.header(h);
      if (v) headers.set(h, v);
    }
    try {
      const res = await fetch(target, {
        method: c.req.method,
        headers,
        body: c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer(),
        redirect: 'manual',
      });
      const out = new Headers();
      for (const h of ['content-type', 'etag', 'cache-control']) {
        const v = res.headers.get(h);
        if (v) out.set(h, v);
      }
      return new Response(res.body, { status: res.status, headers: out });
    } catch {
      return c.json({ status: false, msg: 'The practice server cannot be reached.' }, 502);
    }
  };
}
