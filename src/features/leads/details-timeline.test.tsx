import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../contract/sales.ts';
import { type Answer, aLead, fakeService, ok, refused, renderAt } from './details-test-kit.tsx';
import { DetailsTimeline } from './details-timeline.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function entry(historyId: number, changes: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    historyId,
    leadId: 42,
    type: '',
    category: '',
    text: `Entry ${historyId}`,
    task: false,
    reminderDate: null,
    assignedTo: null,
    priority: null,
    completed: false,
    completedTime: null,
    completedBy: null,
    createdBy: 6,
    created: '2026-11-20 14:30:00',
    deleted: false,
    ...changes,
  };
}

/** getLeadHistory over `all`, paged as the service pages. */
function historyOf(all: HistoryEntry[]) {
  return (body: Record<string, unknown>): Answer => {
    const offset = Number(body.offset ?? 0);
    const limit = Number(body.limit ?? 100);
    const items = all.slice(offset, offset + limit);
    return {
      body: {
        status: true,
        msg: 'Success',
        result: items,
        pagination: { offset, limit, total: all.length, hasMore: offset + items.length < all.length },
      },
    };
  };
}

const task = entry(7, {
  task: true,
  text: 'Call back about the offer',
  reminderDate: '2026-11-21 09:00:00',
  assignedTo: 6,
  priority: 2,
});

describe('the timeline', { timeout: 60_000 }, () => {
  it('shows who wrote an entry and when, in practice time', async () => {
    fakeService({ getLeadHistory: historyOf([entry(1, { text: 'First call', category: 'CALL' })]) });
    renderAt(<DetailsTimeline lead={aLead()} />, '/leads/42');
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('First call')).toBeInTheDocument();
    expect(await within(item).findByText('Phone call')).toBeInTheDocument();
    expect(await within(item).findByText('Sara Sales · 20.11.2026 14:30')).toBeInTheDocument();
  });

  it('completes a task at once, and puts it back with the reason when the server refuses', async () => {
    let answer: (a: Answer) => void = () => undefined;
    const service = fakeService({
      getLeadHistory: historyOf([task]),
      completeLeadTask: () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<DetailsTimeline lead={aLead()} />, '/leads/42');
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Open')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Mark as completed' }));
    // Optimistic: done before the server answered.
    expect(await within(item).findByText('Completed')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Mark as completed' })).toBeNull();
    expect(service.bodiesOf('completeLeadTask')).toEqual([{ historyId: 7 }]);

    answer(refused(404, 'History entry not found.'));
    expect(
      await within(item).findByText(
        'The task could not be completed: This history entry does not exist (any more).',
      ),
    ).toBeInTheDocument();
    expect(within(item).getByText('Open')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Mark as completed' })).toBeInTheDocument();
  });

  it('keeps a completed task completed once the server agrees', async () => {
    let done = false;
    fakeService({
      getLeadHistory: (body) =>
        historyOf([done ? { ...task, completed: true, reminderDate: null, completedBy: 1 } : task])(body),
      completeLeadTask: () => {
        done = true;
        return ok(null);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<DetailsTimeline lead={aLead()} />, '/leads/42');
    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Mark as completed' }));
    await waitFor(() => expect(within(item).getByText('Completed')).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(within(item).getByText('Completed')).toBeInTheDocument();
    expect(within(item).queryByRole('alert')).toBeNull();
  });

  it('asks getLeadHistory for the chosen type and for deleted entries', async () => {
    const service = fakeService({ getLeadHistory: historyOf([]) });
    const user = userEvent.setup({ delay: null });
    renderAt(<DetailsTimeline lead={aLead()} />, '/leads/42');
    expect(await screen.findByText('No entries')).toBeInTheDocument();
    const show = screen.getByLabelText('Show');
    const last = () => service.bodiesOf('getLeadHistory').at(-1);

    expect(last()).toMatchObject({ leadId: 42, type: null, includeDeleted: false, offset: 0 });
    for (const [label, type] of [
      ['Notes and tasks', ''],
      ['Folder changes', 'S'],
      ['Assignee changes', 'A'],
      ['Watchers', 'J'],
      ['Offers', 'OFF'],
    ] as const) {
      await user.selectOptions(show, label);
      await waitFor(() => expect(last()).toMatchObject({ type }));
    }
    await user.click(screen.getByLabelText('Include deleted entries'));
    await waitFor(() => expect(last()).toMatchObject({ type: 'OFF', includeDeleted: true }));
  });

  it('loads further pages on request', async () => {
    const all = Array.from({ length: 25 }, (_, i) => entry(100 - i));
    const service = fakeService({ getLeadHistory: historyOf(all) });
    const user = userEvent.setup({ delay: null });
    renderAt(<DetailsTimeline lead={aLead()} />, '/leads/42');
    expect(await screen.findByText('Showing 20 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 25 of 25')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(service.bodiesOf('getLeadHistory').map((b) => b.offset)).toEqual([0, 20]);
  });
});
