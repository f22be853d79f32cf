import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CANTON_KEY } from '#components/closed-time/canton.ts';
import { closedAtTime } from '#components/closed-time/fetch.ts';
import { useClosedTime } from '#components/closed-time/use-closed-time.ts';
import { DEFAULT_START_PAGE, START_PAGE_KEY } from '#components/start-page.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as Settings } from './route.tsx';

configure({ asyncUtilTimeout: 10_000 });

const NOT_KEPT = 'This browser did not keep the choice';
vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService({ now: () => new Date('2026-11-23T07:00:00Z') });

/** What the agenda and booking read as closed: the days of each span, or that no canton is chosen. */
function ClosedDays() {
  const closed = useClosedTime('2026-12-24', '2027-01-03');
  if (closed.noCanton) return <p>no canton</p>;
  return <p data-testid="closed">{closed.spans.map((s) => s.from.slice(0, 10)).join(' ')}</p>;
}

describe('Settings: the canton', () => {
  it("gives the canton's holidays to a practice whose server does not name them, from the choice kept on the device", async () => {
    window.localStorage.removeItem(CANTON_KEY);
    signInForTest();
    // A real tenant without getAbsences.
    api.intercept('getAbsences', () => ({ http: 404, msg: 'Unknown operation.' }));
    const first = renderWithProviders(<ClosedDays />);
    expect(await screen.findByText('no canton')).toBeInTheDocument();
    first.unmount();

    const settings = renderWithProviders(<Settings />);
    await settings.user.selectOptions(
      await screen.findByLabelText('Public holidays of the canton'),
      'ZH – Zürich',
    );
    expect(window.localStorage.getItem(CANTON_KEY)).toBe('ZH');
    settings.unmount();

    const { queryClient } = renderWithProviders(<ClosedDays />);
    // Christmas, St Stephen's Day, New Year and Berchtoldstag (whole-day optional in Zürich): 0047's rule.
    await waitFor(() =>
      expect(screen.getByTestId('closed')).toHaveTextContent('2026-12-25 2026-12-26 2027-01-01 2027-01-02'),
    );
    // The question before a booking reads the same: Christmas morning is closed, the 24th is not.
    expect(
      await closedAtTime(queryClient, { date: '2026-12-25 09:00:00', end: '2026-12-25 09:15:00' }, 4, 'de'),
    ).toMatchObject({ kind: 'holiday', provider: 0 });
    expect(
      await closedAtTime(queryClient, { date: '2026-12-24 09:00:00', end: '2026-12-24 09:15:00' }, 4, 'de'),
    ).toBeUndefined();
  });

  it('forgets the canton when none is chosen again', async () => {
    window.localStorage.setItem(CANTON_KEY, 'BE');
    signInForTest();
    const { user } = renderWithProviders(<Settings />);
    const select = await screen.findByLabelText('Public holidays of the canton');
    expect(select).toHaveValue('BE');
    await user.selectOptions(select, '');
    expect(window.localStorage.getItem(CANTON_KEY)).toBeNull();
  });

  it('says so when the browser keeps nothing, and does not show the canton or the start page as chosen', async () => {
    window.localStorage.setItem(CANTON_KEY, 'BE');
    window.localStorage.removeItem(START_PAGE_KEY);
    signInForTest();
    const { user } = renderWithProviders(<Settings />);
    const canton = await screen.findByLabelText('Public holidays of the canton');
    const start = screen.getByLabelText('Open after signing in');
    // Storage switched off (or full) after the page opened: every write is refused.
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await user.selectOptions(canton, 'ZH – Zürich');
      expect(canton).toHaveValue('BE');
      expect(canton).toHaveAccessibleDescription(expect.stringContaining(NOT_KEPT));
      await user.selectOptions(start, 'Leads');
      expect(start).toHaveValue(DEFAULT_START_PAGE);
      expect(start).toHaveAccessibleDescription(expect.stringContaining(NOT_KEPT));
    } finally {
      setItem.mockRestore();
    }
    expect(window.localStorage.getItem(CANTON_KEY)).toBe('BE');
    expect(window.localStorage.getItem(START_PAGE_KEY)).toBeNull();
    // Kept again: the message goes.
    await user.selectOptions(canton, 'ZH – Zürich');
    expect(canton).toHaveValue('ZH');
    expect(screen.queryByText(NOT_KEPT)).not.toBeInTheDocument();
  });
});
