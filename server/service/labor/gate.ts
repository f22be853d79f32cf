/**
 * At most `slots` laborUpload bodies of one tenant read at once (docs/api.md#session, docs/decisions/0045): a
 * body is up to 36 MB, and a few dozen read together would hold a gigabyte. A further upload waits for a slot, at
 * most `waitMs`; then `run` gives undefined and the caller answers 503. At most `queueMax` wait per tenant; more
 * are refused at once.
 */

/** The answer (HTTP 503, with Retry-After) of an upload that waited in vain (docs/api.md#session). */
export const busyMessage = 'The practice server is busy. Try again shortly.';
/** Seconds that answer tells the client to wait. */
export const BUSY_RETRY_SECONDS = 10;

export interface Gate {
  /** Runs `fn` in a slot of `key`, or gives undefined when none came free in time. */
  run: <T>(key: string, fn: () => Promise<T>) => Promise<T | undefined>;
  /** Slots taken and uploads waiting of a key (tests). */
  state: (key: string) => { busy: number; waiting: number };
}

interface Lane {
  busy: number;
  /** Who waits, first come first served: each is called with true when it gets the slot, false when it gave up. */
  waiting: ((got: boolean) => void)[];
}

export function createGate(options: { slots: number; waitMs: number; queueMax?: number }): Gate {
  const lanes = new Map<string, Lane>();
  const queueMax = options.queueMax ?? 100;

  function release(key: string, lane: Lane): void {
    const next = lane.waiting.shift();
    if (next) {
      next(true); // The slot passes on: busy stays.
      return;
    }
    lane.busy -= 1;
    if (lane.busy === 0) lanes.delete(key);
  }

  function acquire(key: string): Promise<boolean> {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { busy: 0, waiting: [] };
      lanes.set(key, lane);
    }
    if (lane.busy < options.slots) {
      lane.busy += 1;
      return Promise.resolve(true);
    }
    if (lane.waiting.length >= queueMax) return Promise.resolve(false);
    const l = lane;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        const i = l.waiting.indexOf(waiter);
        if (i >= 0) l.waiting.splice(i, 1);
        resolve(false);
      }, options.waitMs);
      const waiter = (got: boolean) => {
        clearTimeout(timer);
        resolve(got);
      };
      l.waiting.push(waiter);
    });
  }

  return {
    async run(key, fn) {
      if (!(await acquire(key))) return undefined;
      const lane = lanes.get(key) as Lane;
      try {
        return await fn();
      } finally {
        release(key, lane);
      }
    },
    state(key) {
      const lane = lanes.get(key);
      return { busy: lane?.busy ?? 0, waiting: lane?.waiting.length ?? 0 };
    },
  };
}
