import { createClient } from 'redis';
import type { SessionStore, StoredSession } from './session-store.ts';

/**
 * The session store in Redis/Valkey (`SESSION_STORE=redis://host:port`), shared by any number of app servers.
 * A session is a hash `praxis:session:<sha256 of the id>` that expires with the session (TTL); each owner has a
 * sorted set of its sessions' keys (score: their end), so that "sign out everywhere" finds them. The writes that
 * touch both run as one script, atomically. One Redis (or a primary with replicas), not a cluster: a script's keys
 * would lie in different slots there.
 *
 * While Redis cannot be reached, every call fails at once (no queue that would hold requests up); the sessions'
 * layer answers 503 then, and the client reconnects by itself.
 */

const SESSION = 'praxis:session:';
const OWNER = 'praxis:session-owner:';

/** KEYS: session, owner set. ARGV: data, owner, seen, expires, ttl, now. */
const PUT = `
redis.call('HSET', KEYS[1], 'data', ARGV[1], 'owner', ARGV[2], 'seen', ARGV[3], 'expires', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[4], KEYS[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[6])
local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
redis.call('EXPIRE', KEYS[2], math.max(1, tonumber(last[2]) - tonumber(ARGV[6])))
return 1`;

/** KEYS: owner set. Deletes the sessions it lists and itself; answers how many sessions there were. */
const DELETE_OWNER = `
local keys = redis.call('ZRANGE', KEYS[1], 0, -1)
local n = 0
for _, k in ipairs(keys) do n = n + redis.call('DEL', k) end
redis.call('DEL', KEYS[1])
return n`;

/** KEYS: session. ARGV: seen. Only a record that is still there. */
const TOUCH = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'seen', ARGV[1]) end
return 1`;

export function openRedisStore(url: string): SessionStore {
  let reported = false;
  const client = createClient({
    url,
    // Fail at once while disconnected instead of queueing: a sign-in waits for nothing that may never come.
    disableOfflineQueue: true,
    socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
  });
  const where = redactedUrl(url);
  // Said once per outage (an 'error' event without a listener would end the process).
  client.on('error', (e: unknown) => {
    if (reported) return;
    reported = true;
    console.error(
      `The session store ${where} cannot be reached (${e instanceof Error ? e.message : String(e)}); retrying.`,
    );
  });
  client.on('ready', () => {
    if (reported) console.error(`The session store ${where} answers again.`);
    reported = false;
  });
  const connected = client.connect().then(
    () => undefined,
    () => undefined,
  );

  return {
    kind: 'redis',
    ready: () => connected,
    async get(key, now) {
      const h = await client.hGetAll(SESSION + key);
      const seen = Number(h.seen);
      const expires = Number(h.expires);
      if (typeof h.data !== 'string' || typeof h.owner !== 'string') return undefined;
      if (!Number.isFinite(seen) || !Number.isFinite(expires) || expires <= now) return undefined;
      return { data: h.data, owner: h.owner, seen, expires } satisfies StoredSession;
    },
    async put(key, s, now) {
      const ttl = Math.max(1, s.expires - now);
      await client.eval(PUT, {
        keys: [SESSION + key, OWNER + s.owner],
        arguments: [s.data, s.owner, String(s.seen), String(s.expires), String(ttl), String(now)],
      });
    },
    async delete(key) {
      // Its entry in the owner's set goes with the set's next write, or with the set.
      await client.del(SESSION + key);
    },
    async deleteOwner(owner) {
      return Number(await client.eval(DELETE_OWNER, { keys: [OWNER + owner] }));
    },
    async touch(key, seen) {
      await client.eval(TOUCH, { keys: [SESSION + key], arguments: [String(seen)] });
    },
    // Redis forgets expired sessions by their TTL, and the owner sets prune themselves on each write.
    sweep: async () => 0,
    async close() {
      if (client.isReady) await client.close();
      else if (client.isOpen) client.destroy();
    },
  };
}

/** The address without a password, for messages. */
function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'SESSION_STORE';
  }
}
