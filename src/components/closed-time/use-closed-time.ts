import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { absencesQuery } from '#api/agenda/closed-time.ts';
import { isMissingOperation } from '#api/system.ts';
import { readCanton } from './canton.ts';
import { cantonHolidaysQuery } from './holidays.ts';
import type { ClosedSpan } from './spans.ts';

export interface ClosedTime {
  spans: readonly ClosedSpan[];
  /** The practice's server has no getAbsences: holidays come from the canton chosen in Settings, absences are unknown. */
  withoutService: boolean;
  /** withoutService and no canton chosen: no holidays known. */
  noCanton: boolean;
  error: unknown;
}

/**
 * Holidays and absences from..until (days, both included), for every practitioner (callers pick what closes whom).
 * Imports the closed-time operations (src/api/agenda/closed-time.ts): only lazily loaded areas may import this.
 */
export function useClosedTime(from: string, until: string, enabled = true): ClosedTime {
  const { i18n } = useTranslation();
  const query = useQuery({ ...absencesQuery({ from, until }), enabled });
  const withoutService = isMissingOperation(query.error);
  const canton = withoutService ? readCanton() : null;
  const language = i18n.resolvedLanguage ?? 'de';
  const fallback = useQuery({
    ...cantonHolidaysQuery(canton ?? '', from, until, language),
    enabled: enabled && canton !== null,
  });
  return {
    spans: (withoutService ? fallback.data : query.data) ?? [],
    withoutService,
    noCanton: withoutService && canton === null,
    error: withoutService ? fallback.error : query.error,
  };
}
