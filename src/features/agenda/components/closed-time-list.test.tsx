import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClosedSpan } from '#components/closed-time/spans.ts';
import type { Calendar } from '#contract/agenda.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { ClosedTimeList, periodText } from './closed-time-list.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService({ now: () => new Date('2026-11-23T07:00:00Z') });

const span = (from: string, until: string): ClosedSpan => ({
  absenceId: 9,
  provider: 4,
  from,
  until,
  kind: 'absence',
  reason: 'Kurs',
});

describe('periodText', () => {
  it('says a span as a person reads it: a day, days, times of a day, times over days', () => {
    expect(periodText(span('2026-12-25 00:00:00', '2026-12-26 00:00:00'))).toBe('25.12.2026');
    expect(periodText(span('2026-12-10 00:00:00', '2026-12-12 00:00:00'))).toBe('10.12.2026 – 11.12.2026');
    expect(periodText(span('2026-12-10 08:00:00', '2026-12-10 12:00:00'))).toBe('10.12.2026 08:00 – 12:00');
    expect(periodText(span('2026-12-10 13:00:00', '2026-12-11 12:00:00'))).toBe(
      '10.12.2026 13:00 – 11.12.2026 12:00',
    );
  });
});

describe('ClosedTimeList', () => {
  it('says so when the service refuses to delete an absence, which stays listed', async () => {
    signInForTest();
    const calendars = (await api.send('getCalendars')).body.result as Calendar[];
    api.intercept('deleteAbsence', () => ({ http: 404, msg: 'Absence not found.' }));
    const { user } = renderWithProviders(
      <ClosedTimeList
        spans={[span('2026-12-10 08:00:00', '2026-12-10 12:00:00')]}
        calendars={calendars}
        from="2026-12-07"
        until="2026-12-13"
      />,
    );
    await user.click(
      screen.getByRole('button', { name: 'Delete absence «Kurs» (10.12.2026 08:00 – 12:00)' }),
    );
    expect(await screen.findByText('The absence could not be deleted')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Closed time' })).toHaveTextContent('Kurs');
  });
});
