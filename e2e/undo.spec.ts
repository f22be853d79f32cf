import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, signIn, weekdayAhead } from './support.ts';

/** Undo of a folder move and of an appointment move, by the button and by Ctrl+Z; checked through the API. */

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1400, height: 1000 } });

const run = Date.now().toString(36);
// Calendar 5 (Labor / MPA) has only early blood draws; afternoons three weeks ahead are these tests' own.
const CALENDAR = 5;
const PX_PER_MIN = 1.2;

async function folderOf(request: APIRequestContext, leadId: number): Promise<number> {
  const [lead] = await api<{ folderId: number }[]>(request, '/sales/getLeads', { filter: { leadId } });
  return lead.folderId;
}

function column(page: Page, day: string): Locator {
  return page.locator(`[data-column="${day}|${CALENDAR}"]`);
}

test('Undo puts a lead moved to another folder back, as the service confirms', async ({ page, request }) => {
  const name = `Undo${run}`;
  const { leadId } = await api<{ leadId: number }>(request, '/sales/createLead', {
    ispatient: 1,
    folderId: 2,
    contact: { lastname: name, firstname: 'Ursula' },
  });
  await signIn(page, { path: `/leads/${leadId}` });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('radio')
    .filter({ hasNot: page.locator(':checked') })
    .first()
    .check();
  const chosen = await dialog.getByRole('radio', { checked: true }).getAttribute('value');
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`${name} Ursula was moved.`)).toBeVisible();
  await expect.poll(() => folderOf(request, leadId)).toBe(Number(chosen));

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`${name} Ursula is back in its folder.`)).toBeVisible();
  await expect.poll(() => folderOf(request, leadId)).toBe(2);
});

test('Ctrl+Z takes an appointment move back with its complete previous record', async ({ page, request }) => {
  const day = weekdayAhead(2, 1);
  const text = `E2E undo ${run}`;
  const { appointmentid } = await api<{ appointmentid: number }>(request, '/agenda/createAppointment', {
    calendar: CALENDAR,
    date: `${day} 14:00:00`,
    end: `${day} 14:30:00`,
    appointment: text,
    comment: 'Stays as it was',
    patid: 0,
    state: 'P',
  });
  const stored = async () =>
    (
      await api<{ id: number; date: string; end: string; appointment: string; comment: string }[]>(
        request,
        '/agenda/getAppointments',
        { calendarid: CALENDAR, from: day, until: day },
      )
    ).find((a) => a.id === appointmentid);

  await signIn(page, { path: `/agenda?view=day&date=${day}&cals=${CALENDAR}` });
  await expect(column(page, day)).toBeVisible({ timeout: 20_000 });
  const event = page.getByRole('button', { name: new RegExp(`^14:00\\s?–14:30, ${text}`) });
  const box = await event.boundingBox();
  if (!box) throw new Error('event not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 8 + 30, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2, box.y + 8 + 60 * PX_PER_MIN, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText('Appointment moved.')).toBeVisible();
  await expect.poll(async () => (await stored())?.date).toBe(`${day} 15:00:00`);

  await page.keyboard.press('Control+z');
  await expect(page.getByText('The appointment is back where it was.')).toBeVisible();
  await expect.poll(async () => (await stored())?.date).toBe(`${day} 14:00:00`);
  expect(await stored()).toMatchObject({
    end: `${day} 14:30:00`,
    appointment: text,
    comment: 'Stays as it was',
  });
  await expect(page.getByRole('button', { name: new RegExp(`^14:00\\s?–14:30, ${text}`) })).toBeVisible();
});
