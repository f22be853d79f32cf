import type { Page } from '@playwright/test';
import { operations } from '../contract/operations.ts';
import { expect, test } from './fixtures.ts';
import { signInOverApi } from './support.ts';
import { screenTexts } from './text-checks.ts';

/**
 * A failed call is said in words (issue 33): the heading says what could not be done, in the person's language,
 * and no screen shows the operation's name (`getCustomerById`) or a bare HTTP status.
 */

test.describe.configure({ timeout: 60_000 });

/** Every operation name of the contract, as a person must never read it. */
const opNames = new RegExp(`\\b(${Object.keys(operations).join('|')})\\b`);

async function inLanguage(page: Page, language: string) {
  await page.addInitScript((lng) => window.localStorage.setItem('praxis.language', lng), language);
}

/** The patient's record answers 500 without a message of the service, as a broken proxy would. */
async function failPatientRecord(page: Page) {
  await page.route('**/v1/system/getCustomerById', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failed' }),
  );
}

for (const [language, heading, sentence] of [
  ['de', 'Patientendaten konnten nicht geladen werden', 'Der Praxisserver hat einen Fehler gemeldet.'],
  ['fr', 'Les données du patient n’ont pas pu être chargées', 'Le serveur du cabinet a signalé une erreur.'],
] as const) {
  test(`a patient record that cannot be loaded says so in words (${language}), never by the operation`, async ({
    page,
  }) => {
    await inLanguage(page, language);
    await failPatientRecord(page);
    // The shell in this language: the sign-in of support.ts waits for the English one.
    await signInOverApi(page);
    await page.goto('/patients/1');

    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: heading }) });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText(sentence);
    // What a person sees or hears: the texts, labels and titles of the screen.
    const text = (await screenTexts(page)).map((s) => s.text).join('\n');
    expect(text).not.toMatch(opNames);
    expect(text).not.toMatch(/HTTP\s*\d{3}|\b500\b/);
  });
}
