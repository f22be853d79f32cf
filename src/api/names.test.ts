import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fetchPatientNames } from './names.ts';

/** A query client whose getCustomerById answers after a tick, counting the reads under way. */
function fakeClient(missing: Set<number>) {
  const asked: number[] = [];
  let running = 0;
  let most = 0;
  const client = {
    fetchQuery: async (options: { queryKey: readonly unknown[] }) => {
      const { patid } = options.queryKey[2] as { patid: number };
      asked.push(patid);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      if (missing.has(patid)) throw new Error('Patient not found.');
      return { patid, lastname: `L${patid}`, firstname: 'F' };
    },
  } as unknown as QueryClient;
  return { client, asked, most: () => most };
}

describe('names for an export', () => {
  it('reads each patient once, a few at a time, and lists the ones it could not read', async () => {
    const fake = fakeClient(new Set([5]));
    const ids = [1, 2, 2, 3, 1, 4, 5, 6, 7, 8, 0, -3, 1.5, 3];
    const progress: number[] = [];
    const { names, failed } = await fetchPatientNames(fake.client, ids, {
      concurrency: 3,
      onProgress: (done) => progress.push(done),
    });
    expect([...fake.asked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(fake.most()).toBe(3);
    expect(names.get(2)).toBe('L2, F');
    expect(names.has(5)).toBe(false);
    expect(failed).toEqual([5]);
    expect(progress.at(-1)).toBe(8);
  });

  it('asks nothing for no patients', async () => {
    const fake = fakeClient(new Set());
    const { names } = await fetchPatientNames(fake.client, []);
    expect(names.size).toBe(0);
    expect(fake.asked).toEqual([]);
  });
});
