import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { opScope } from '#api/queries.ts';
import { practiceToday } from '#components/format.ts';
import { addDays } from '#components/practice-clock.ts';
import { createTask } from '#test/factories.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { OverdueBadge } from './overdue-badge.tsx';

const api = inProcessService();

/** The signed-in user's id and how many of their open tasks the service counts as overdue now. */
async function overdueOfMe(): Promise<{ userid: number; total: number }> {
  const me = (await api.send('whoami')).body.result as { userid: number };
  const filter = { assignedTo: me.userid, completed: false, reminderTo: addDays(practiceToday(), -1) };
  const page = await api.send('getTasks', { filter, offset: 0, limit: 1 });
  return { userid: me.userid, total: (page.body.pagination as { total: number }).total };
}

const label = (n: number) => (n === 1 ? '1 overdue task' : `${n} overdue tasks`);

beforeEach(() => {
  signInForTest();
});

describe('the overdue count in the navigation', () => {
  it("counts the signed-in user's open tasks with a reminder up to yesterday", async () => {
    const { userid } = await overdueOfMe();
    const yesterday = addDays(practiceToday(), -1);
    await createTask(api, { assignedTo: userid, reminderDate: yesterday });
    await createTask(api, { assignedTo: userid, reminderDate: addDays(practiceToday(), -9) });
    // Not overdue: due today.
    await createTask(api, { assignedTo: userid, reminderDate: practiceToday() });
    const { total } = await overdueOfMe();
    expect(total).toBeGreaterThanOrEqual(2);
    renderWithProviders(<OverdueBadge />);
    expect(await screen.findByText(label(total))).toBeInTheDocument();
    expect(api.calls.find((c) => c.op === 'getTasks')?.input).toEqual({
      filter: { assignedTo: userid, completed: false, reminderTo: yesterday },
      offset: 0,
      limit: 1,
    });
  });

  it('follows a refresh of the task lists', async () => {
    const before = await overdueOfMe();
    const { queryClient } = renderWithProviders(<OverdueBadge />);
    await waitFor(() => expect(api.calls.some((c) => c.op === 'getTasks')).toBe(true));
    if (before.total > 0) expect(await screen.findByText(label(before.total))).toBeInTheDocument();
    else expect(screen.queryByTestId('overdue-badge')).toBeNull();
    await createTask(api, { assignedTo: before.userid, reminderDate: addDays(practiceToday(), -1) });
    await queryClient.invalidateQueries({ queryKey: opScope('getTasks') });
    expect(await screen.findByText(label(before.total + 1))).toBeInTheDocument();
  });
});
