import { describe, expect, it } from 'vitest';
import { recallOperations } from '#contract/recall.ts';
import { noFilters, readFilters, toGetRecallsInput, writeFilters } from './url-state.ts';

describe('recall filters', () => {
  it('map onto the document parameters (preset, error, sent, mandant)', () => {
    const filters = readFilters(
      new URLSearchParams(
        'patid=4&from=2026-01-01&until=2026-02-28&templates=1&faulty=1&onetime=1&practitioner=3',
      ),
    );
    const input = toGetRecallsInput(filters);
    expect(input).toEqual({
      patid: 4,
      from: '2026-01-01',
      until: '2026-02-28',
      preset: 1,
      error: 1,
      sent: 1,
      mandant: 3,
    });
    expect(recallOperations.getRecalls.input.safeParse(input).success).toBe(true);
  });

  it('send nothing without filters, and ignore what is not a filter value', () => {
    expect(toGetRecallsInput(noFilters)).toEqual({});
    expect(readFilters(new URLSearchParams('patid=x&from=2026-02-30&faulty=yes'))).toEqual(noFilters);
  });

  it('write only what is set, and keep other parameters of the address', () => {
    const params = writeFilters(
      { ...noFilters, faulty: true, patid: 9 },
      new URLSearchParams('tab=1&from=2020-01-01'),
    );
    expect(params.toString()).toBe('tab=1&patid=9&faulty=1');
    expect(readFilters(params)).toEqual({ ...noFilters, faulty: true, patid: 9 });
  });
});
