import { describe, expect, it } from 'vitest';
import { operationAreas } from './operation-areas.ts';
import { operations } from './operations.ts';

describe('the index of operation areas', () => {
  it("gives every operation its definition's area, and names no other", () => {
    const fromContract = Object.fromEntries(Object.entries(operations).map(([op, def]) => [op, def.area]));
    expect(operationAreas).toEqual(fromContract);
  });
});
