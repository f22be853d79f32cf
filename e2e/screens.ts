import type { APIRequestContext, Page } from '@playwright/test';
import { practiceDay } from './clock.ts';
import { api, signInOverApi } from './support.ts';

/**
 * Helpers for specs that look at whole screens: signed in without the sign-in page (the session the app keeps in
 * localStorage when "Remember on this device" is ticked), data made through the API, and the page's width.
 */

/** A last name of 300 letters and no space: the API accepts it, so every screen must survive it. */
export const LONG_NAME = `Lang${'abcdefghij'.repeat(29)}Ende`.slice(0, 300);

/**
 * Before the first goto: the app starts signed in as demo ("Remember on this device"), in this language and colour
 * scheme. The sign-in goes to the app's server over the browser context's own requests, so the sealed cookie lands
 * in the browser as a sign-in on the page would leave it.
 */
export async function rememberSession(
  page: Page,
  opts: { language?: string; scheme?: 'light' | 'dark' } = {},
): Promise<void> {
  await signInOverApi(page, { remember: true });
  await page.addInitScript(
    ({ language, scheme }) => {
      if (language && !window.localStorage.getItem('praxis.language')) {
        window.localStorage.setItem('praxis.language', language);
      }
      if (scheme && !window.localStorage.getItem('praxis.color-scheme')) {
        window.localStorage.setItem('praxis.color-scheme', scheme);
      }
    },
    { language: opts.language, scheme: opts.scheme },
  );
}

/** How much wider than the window the page is (0 when it fits). */
export async function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** HTML that must show as text, never as markup. */
export const HTML = '<b>fett</b><img src=x onerror=alert(1)>';

export interface AwkwardData {
  leadId: number;
  patid: number;
  recallId: number;
}

/**
 * A lead, a patient and a recall whose names are 300 letters without a space and whose text fields hold HTML;
 * the lead has a long-overdue task of the demo user's, so that it heads the task list too.
 */
export async function createAwkwardData(request: APIRequestContext): Promise<AwkwardData> {
  const { leadId } = await api<{ leadId: number }>(request, 'sales/createLead', {
    ispatient: 1,
    folderId: 1,
    contact: { lastname: LONG_NAME, firstname: HTML },
    address: { street: HTML, city: LONG_NAME },
    communication: { mail: `${'x'.repeat(200)}@example.ch` },
    what: `${HTML} ${LONG_NAME}`,
  });
  const today = practiceDay();
  const me = await api<{ userid: number }>(request, 'system/whoami', {});
  // Long overdue and the demo user's: the first row of "My open tasks".
  await api(request, 'sales/addLeadTask', {
    leadId,
    text: `${HTML} ${LONG_NAME}`,
    reminderDate: '2020-01-06 08:00',
    assignedTo: me.userid,
  });
  await api(request, 'sales/addLeadNote', { leadId, text: `${HTML} ${LONG_NAME}` });
  const { id: patid } = await api<{ id: number }>(request, 'system/createCustomer', {
    lastname: LONG_NAME,
    firstname: HTML,
    city: LONG_NAME,
    street: HTML,
    language: 'de',
  });
  const { recallId } = await api<{ recallId: number }>(request, 'recall/createRecall', {
    title: `${HTML} ${LONG_NAME}`,
    patid,
    nextRecall: `${today} 09:00`,
    recallType: 'mail',
    recallText: HTML,
    active: 1,
  });
  return { leadId, patid, recallId };
}
