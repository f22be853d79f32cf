import { describe, expect, it } from 'vitest';
import { namesItselfPractice, practiceName } from './practice-name.ts';

describe('the practice name from the tenant', () => {
  it('writes the tenant as a name', () => {
    expect(practiceName('sonnenhof')).toBe('Sonnenhof');
    expect(practiceName('demo')).toBe('Demo');
    expect(practiceName('praxis-am-see')).toBe('Praxis Am See');
    expect(practiceName('dr_muster')).toBe('Dr Muster');
    expect(practiceName('')).toBe('');
  });

  it('knows a name that already says practice', () => {
    expect(namesItselfPractice('Praxis Am See')).toBe(true);
    expect(namesItselfPractice('Cabinet Favre')).toBe(true);
    expect(namesItselfPractice('Sonnenhof')).toBe(false);
    expect(namesItselfPractice('Constructor')).toBe(false);
    expect(namesItselfPractice('__proto__')).toBe(false);
  });
});
