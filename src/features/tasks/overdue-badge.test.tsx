import { configure, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { opScope } from '../../api/queries.ts';
import { practiceToday } from '../../components/format.ts';
import { OverdueBadge } from '../../components/layout/overdue-badge.tsx';
import { addDays } from '../../components/practice-clock.ts';
import { type ApiStub, list, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signInForTest } from '../../test/render.tsx';

configure({ asyncUtilTimeout: 5000 });

const me = {
  userid: 6,
  username: 'sara',
  givenname: 'Sara',
  familyname: 'Keller',
  modules: [],
  tenant: 'demo',
};
let total = 0;
let api: ApiStub;

beforeEach(() => {
  signInForTest();
  api = stubApi({ whoami: () => me, getTasks: () => list([], { limit: 1, total }) });
});

describe('the overdue count in the navigation', () => {
  it("counts the signed-in user's open tasks with a reminder up to yesterday", async () => {
    total = 4;
    renderWithProviders(<OverdueBadge />);
    expect(await screen.findByText('4 overdue tasks')).toBeInTheDocument();
    expect(api.calls.find((c) => c.op === 'getTasks')?.input).toEqual({
      filter: { assignedTo: 6, completed: false, reminderTo: addDays(practiceToday(), -1) },
      offset: 0,
      limit: 1,
    });
  });

  it('shows nothing when nothing is overdue, and follows a refresh of the task lists', async () => {
    total = 0;
    const { container, queryClient } = renderWithProviders(<OverdueBadge />);
    await waitFor(() => expect(api.calls.some((c) => c.op === 'getTasks')).toBe(true));
    expect(container.querySelector('[data-testid="overdue-badge"]')).toBeNull();
    total = 1;
    await queryClient.invalidateQueries({ queryKey: opScope('getTasks') });
    expect(await screen.findByText('1 overdue task')).toBeInTheDocument();
  });
});
