import type { APIRequestContext, Page } from '@playwright/test';
import type { Recall } from '../contract/recall.ts';
import { recallFailure } from '../src/components/recall-error.tsx';
import { dueFirst } from '../src/features/recalls/due.ts';
import { fr as commonFr } from '../src/i18n/common/fr.ts';
import { practiceDay } from './clock.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { rememberSession } from './screens.ts';
import { api, signIn } from './support.ts';

/**
 * No dead ends (issue 27): a completed task can be taken back for 8 seconds (the service has no un-complete, so the
 * request is held), and the recall list opens on what is due, failed ones first, each error in the user's language.
 */

// A shared, busy machine: generous ceilings; on a quiet one every wait ends in well under a second.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const run = Date.now().toString(36);
const DEMO_USER = 1;
/** A day only this spec gives reminders: its tasks are the only ones the narrowed inbox lists. */
const DAY = '1999-06-15';

interface TaskRow {
  historyId: number;
  text: string;
  completed: boolean;
}

/** Open: the tasks of the spec's day. Completed: the newest completed ones (completing clears the reminder). */
async function tasksOfTheDay(request: APIRequestContext, completed: boolean): Promise<TaskRow[]> {
  if (completed) {
    const filter = { assignedTo: DEMO_USER, completed: true };
    return api<TaskRow[]>(request, 'sales/getTasks', {
      filter,
      orderBy: 'created',
      orderDir: 'desc',
      limit: 20,
    });
  }
  const filter = { assignedTo: DEMO_USER, completed: false, reminderFrom: DAY, reminderTo: DAY };
  return api<TaskRow[]>(request, 'sales/getTasks', { filter, limit: 100 });
}

const taskRow = (page: Page, text: string) =>
  page.getByRole('table', { name: 'Tasks' }).getByRole('row', { name: text });

test('a completed task comes back with Undo, unsent; left alone, it is completed after 8 seconds', async ({
  page,
  request,
}) => {
  const { leadId } = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    contact: { lastname: `Undo${run}`, firstname: 'Tess' },
    what: 'Sackgassen e2e',
  });
  const text = `Call back ${run}`;
  const { historyId } = await api<{ historyId: number }>(request, 'sales/addLeadTask', {
    leadId,
    text,
    reminderDate: `${DAY} 09:00`,
    assignedTo: DEMO_USER,
    priority: 1,
  });

  await signIn(page, { path: `/tasks?preset=overdue&from=${DAY}&to=${DAY}` });
  await expect(page.getByRole('columnheader', { name: 'Done' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('checkbox')).toHaveCount(0);

  await page.getByRole('button', { name: `Complete task ${text}` }).click();
  await expect(taskRow(page, text)).toHaveCount(0);
  await expect(page.getByText(`Task “${text}” done.`)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(taskRow(page, text)).toBeVisible();
  // Past the 8 seconds: nothing was sent, the task is open in the service.
  await page.clock.runFor(9_000);
  expect((await tasksOfTheDay(request, false)).map((t) => t.historyId)).toContain(historyId);
  await expect(taskRow(page, text)).toBeVisible();

  await page.getByRole('button', { name: `Complete task ${text}` }).click();
  await expect(taskRow(page, text)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  // Held: not completed yet.
  expect((await tasksOfTheDay(request, true)).map((t) => t.historyId)).not.toContain(historyId);
  await expect
    .poll(async () => (await tasksOfTheDay(request, true)).map((t) => t.historyId), { timeout: 20_000 })
    .toContain(historyId);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(taskRow(page, text)).toHaveCount(0);
});

/** Today on the practice clock, `YYYY-MM-DD`. */
function zurichToday(): string {
  return practiceDay();
}

/** The recall ids in the order the table lists them (each row's Edit button names its recall). */
async function listedIds(page: Page): Promise<number[]> {
  const labels = await page
    .getByRole('table', { name: 'Recalls' })
    .getByRole('button', { name: /^Edit .* \(recall \d+\)$/ })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => Number(/\(recall (\d+)\)$/.exec(l)?.[1]));
}

test('the recall list opens on what is due: failed first, then this week, then overdue; All is one click away', async ({
  page,
  request,
}) => {
  const all = await api<Recall[]>(request, '/recall/getRecalls', {});
  const due = dueFirst(all, zurichToday());
  const failed = due.filter((r) => r.status === 'error');
  expect(failed.length, 'the demo has failed recalls').toBeGreaterThan(0);

  await signIn(page, { path: '/recalls' });
  await expect(page.getByRole('radio', { name: 'Due' })).toBeChecked();
  const table = page.getByRole('table', { name: 'Recalls' });
  await expect(table.locator('tbody tr')).toHaveCount(due.length);
  expect(await listedIds(page)).toEqual(due.map((r) => r.id));
  // Failed ones first; nothing already sent.
  await expect(table.locator('tbody tr').first().getByText('Error', { exact: true })).toBeVisible();
  await expect(table.locator('tbody tr').getByText('Sent', { exact: true })).toHaveCount(0);

  await page.getByRole('radiogroup', { name: 'Which recalls' }).getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(table.locator('tbody tr')).toHaveCount(all.length);
});

test('a failed recall says in French what failed for that patient, never the service’s German', async ({
  page,
  request,
}) => {
  const failed = await api<Recall[]>(request, '/recall/getRecalls', { error: 1 });
  const recall = failed.find((r) => r.active === 1 && r.patid > 0);
  expect(recall, 'an active failed recall in the demo').toBeDefined();
  if (!recall) return;
  await rememberSession(page, { language: 'fr' });
  await page.goto(`/recalls?patid=${recall.patid}&faulty=1`);
  const table = page.getByRole('table', { name: 'Rappels' });
  const kind = recallFailure(recall);
  expect(kind, `a known error: ${recall.errorMsg}`).not.toBeNull();
  if (!kind) return;
  await expect(table.getByText(commonFr.recallFailure[kind]).first()).toBeVisible();
  await expect(table.getByText(recall.errorMsg)).toHaveCount(0);
  // What it says fits the patient's data: "no mail address" only without one.
  if (recall.customerMail) expect(kind).not.toBe('noMail');
  if (recall.customerMobile) expect(kind).not.toBe('noMobile');
});
