import type { TFunction } from 'i18next';

/** Intervals offered for recurring recalls (the document's examples are `6m` and `1y`). */
export const frequencyOptions = ['1m', '3m', '6m', '1y', '2y', '3y', '5y'] as const;

const frequencyRe = /^(\d+)([dwmy])$/;

/** `6m` -> "every 6 months"; an interval of another form as it is. */
export function describeFrequency(value: string, t: TFunction<'recalls'>): string {
  const m = frequencyRe.exec(value.trim());
  if (!m) return value || t('frequency.unknown');
  // The pattern takes only these four units.
  return t(`frequency.${m[2] as 'd' | 'w' | 'm' | 'y'}`, { count: Number(m[1]) });
}
