/**
 * When this device set an appointment's state: the fallback (docs/api.md#additions) for a service that does not send
 * `stateChanged` (a real tenant). Only ids, states and times (no patient data), for today and yesterday; shown
 * as measured on this device.
 */

const KEY = 'praxis.today.state-times';

export interface StateTime {
  state: string;
  /** Practice time `YYYY-MM-DD HH:MM:SS`. */
  at: string;
}

export type StateTimes = Readonly<Record<string, StateTime>>;

function isStateTime(v: unknown): v is StateTime {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as StateTime).state === 'string' &&
    typeof (v as StateTime).at === 'string'
  );
}

export function readStateTimes(): StateTimes {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return {};
    return Object.fromEntries(Object.entries(raw).filter(([, v]) => isStateTime(v)));
  } catch {
    return {};
  }
}

/** Notes that this device set `state` at `at`; entries of days before `keepFrom` (`YYYY-MM-DD`) are dropped. */
export function recordStateTime(id: number, state: string, at: string, keepFrom: string): void {
  const kept = Object.entries(readStateTimes()).filter(([, v]) => v.at.slice(0, 10) >= keepFrom);
  try {
    window.localStorage.setItem(
      KEY,
      JSON.stringify(Object.fromEntries([...kept, [String(id), { state, at }]])),
    );
  } catch {
    // Without storage the time since arrival is not shown for services without stateChanged.
  }
}
