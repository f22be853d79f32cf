import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The app in French and Italian, as a browser set to fr-CH or it-CH opens it: sign in, move a lead by its card's
 * menu, book an appointment, every step read and clicked in that language. And the language chosen on the sign-in
 * page is kept on the device.
 */

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1800, height: 1000 } });

const auth = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
const run = Date.now().toString(36);
/** Seven digits of this run and language, `123 45 67`: a mobile number no other patient has. */
function mobileDigits(language: string): string {
  const d = String((Date.now() + language.length * 7919) % 1e7).padStart(7, '0');
  return `${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;
}

/** Words of the English UI that must not show on a French or Italian screen (data may be in any language). */
const english = /\b(Next|Back|Cancel|Loading|Settings|Sign out|Sign in|Move to|Assignee|Source|Book)\b/;

async function expectNoEnglish(page: Page) {
  // biome-ignore lint/performance/useDomNodeTextContent: what a person sees, not the text of hidden elements
  const text = await page.locator('body').innerText();
  expect(text.match(english)?.[0] ?? null).toBeNull();
}

async function createLead(request: APIRequestContext, lastname: string): Promise<number> {
  const res = await request.post('/v1/sales/createLead', {
    data: { ispatient: 1, contact: { lastname, firstname: 'Anna' }, folderId: 1, what: 'Check-up' },
    headers: auth,
  });
  const body = await res.json();
  expect(body.status, body.msg).toBe(true);
  return body.result.leadId as number;
}

async function folderOf(request: APIRequestContext, leadId: number): Promise<number> {
  const res = await request.post('/v1/sales/getLeads', { data: { filter: { leadId } }, headers: auth });
  return (await res.json()).result[0].folderId as number;
}

interface Words {
  locale: string;
  lang: string;
  signInTitle: string;
  user: string;
  password: string;
  signIn: string;
  nav: string;
  leadsTitle: string;
  open: string;
  toBeContacted: string;
  actions: string;
  moveTo: string;
  moveTitle: (name: string) => string;
  move: string;
  lastname: RegExp;
  firstname: RegExp;
  dob: string;
  dayFree: RegExp;
  weekday: RegExp;
  newPatient: string;
  female: string;
  /** The patient's language in the language list of the new-patient dialog. */
  languageName: string;
  language: string;
  countrycode: string;
  mobile: string;
  createPatient: string;
  check: string;
  book: string;
  booked: string;
  toAgenda: string;
}

const journeys: Words[] = [
  {
    locale: 'fr-CH',
    lang: 'fr',
    signInTitle: 'Connexion',
    user: 'Nom d’utilisateur',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    nav: 'Navigation principale',
    leadsTitle: 'Prospects',
    open: 'Ouvert',
    toBeContacted: 'À contacter',
    actions: 'Actions',
    moveTo: 'Déplacer vers…',
    moveTitle: (name) => `Déplacer ${name}`,
    move: 'Déplacer',
    lastname: /^Nom/,
    firstname: /^Prénom/,
    dob: 'Date de naissance',
    dayFree: /, plages libres$/,
    weekday: /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, /,
    newPatient: 'Nouveau patient',
    female: 'Féminin',
    languageName: 'Français',
    language: 'Langue',
    countrycode: 'Code pays',
    mobile: 'Mobile',
    createPatient: 'Créer le patient',
    check: 'Vérifier et réserver',
    book: 'Réserver le rendez-vous',
    booked: 'Rendez-vous réservé',
    toAgenda: 'Afficher dans l’agenda',
  },
  {
    locale: 'it-CH',
    lang: 'it',
    signInTitle: 'Accesso',
    user: 'Nome utente',
    password: 'Password',
    signIn: 'Accedi',
    nav: 'Navigazione principale',
    leadsTitle: 'Lead',
    open: 'Aperto',
    toBeContacted: 'Da contattare',
    actions: 'Azioni',
    moveTo: 'Sposta in…',
    moveTitle: (name) => `Sposta ${name}`,
    move: 'Sposta',
    lastname: /^Cognome/,
    firstname: /^Nome/,
    dob: 'Data di nascita',
    dayFree: /, orari liberi$/,
    weekday: /^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, /,
    newPatient: 'Nuovo paziente',
    female: 'Femminile',
    languageName: 'Italiano',
    language: 'Lingua',
    countrycode: 'Codice del paese',
    mobile: 'Cellulare',
    createPatient: 'Crea il paziente',
    check: 'Verifica e prenota',
    book: 'Prenota l’appuntamento',
    booked: 'Appuntamento prenotato',
    toAgenda: 'Mostra nell’agenda',
  },
];

for (const w of journeys) {
  test.describe(`in ${w.locale}`, () => {
    test.use({ locale: w.locale });

    test(`signs in, moves a lead by its menu and books an appointment, all in ${w.lang}`, async ({
      page,
      request,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const lastname = `Lng${run}${w.lang}`;
      const leadId = await createLead(request, lastname);

      // Sign in: the page speaks the browser's language.
      await page.goto(`/leads?q=${lastname}`);
      await expect(page.getByRole('heading', { level: 1, name: w.signInTitle })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', w.lang);
      await expectNoEnglish(page);
      await page.getByLabel(w.user, { exact: true }).fill('demo');
      await page.getByLabel(w.password, { exact: true }).fill('demo');
      await page.getByRole('button', { name: w.signIn }).click();
      await expect(page.getByRole('navigation', { name: w.nav })).toBeVisible();

      // The board: the lead moves by its card's menu to the second standard folder.
      await expect(page.getByRole('heading', { level: 1, name: w.leadsTitle })).toBeVisible();
      const open = page.getByRole('region', { name: w.open, exact: true });
      const card = open.getByRole('article', { name: `${lastname} Anna`, exact: true });
      await expect(card).toBeVisible();
      await expectNoEnglish(page);
      await card.getByRole('button', { name: w.actions }).click();
      await page.getByRole('menuitem', { name: w.moveTo }).click();
      const dialog = page.getByRole('dialog', { name: w.moveTitle(`${lastname} Anna`) });
      await dialog.getByRole('radio', { name: w.toBeContacted }).check();
      await dialog.getByRole('button', { name: w.move, exact: true }).click();
      const target = page.getByRole('region', { name: w.toBeContacted, exact: true });
      await expect(target.getByRole('article', { name: `${lastname} Anna`, exact: true })).toBeVisible();
      await expect.poll(() => folderOf(request, leadId)).toBe(2);

      // Booking on one screen: service, practitioner, a day of the calendar, a free time, a new patient.
      await page.goto('/booking');
      await expect(page.getByLabel('Kontrolle')).toBeVisible({ timeout: 20_000 });
      await expectNoEnglish(page);
      await page.getByLabel('Kontrolle').check();
      await page.getByRole('radio', { name: 'Dr. med. Marc Favre', exact: true }).check();
      const freeDays = page.getByRole('button', { name: w.dayFree });
      await expect(freeDays.first()).toBeVisible({ timeout: 20_000 });
      await freeDays.nth((await freeDays.count()) > 1 ? 1 : 0).click();
      const slot = page.getByTestId('slot-list').getByRole('radio').first();
      expect((await slot.getAttribute('aria-label')) ?? '').toMatch(w.weekday);
      await expectNoEnglish(page);
      await slot.click();

      // The app's one new-patient dialog: nothing preselected, the person chooses sex and language.
      await page.getByRole('button', { name: w.newPatient }).click();
      const form = page.getByRole('dialog', { name: w.newPatient });
      await form.getByLabel(w.lastname).fill(`${lastname}P`);
      await form.getByLabel(w.firstname).fill('Anna');
      await form.getByRole('radio', { name: w.female }).check();
      await form.getByLabel(w.dob).fill('01.02.1980');
      await form.getByRole('combobox', { name: w.language }).click();
      await page.getByRole('option', { name: w.languageName }).click();
      await form.getByLabel(w.countrycode).fill('CH');
      // A number of this run's own: the duplicate check rightly lists a patient who has the same mobile.
      await form.getByLabel(w.mobile).fill(`+41 79 ${mobileDigits(w.languageName)}`);
      await expectNoEnglish(page);
      await form.getByRole('button', { name: w.createPatient }).click();

      const confirm = page.getByRole('region', { name: w.check });
      await expect(confirm).toContainText(`${lastname}P, Anna`);
      await expectNoEnglish(page);
      await confirm.getByRole('button', { name: w.book }).click();
      await expect(page.getByText(w.booked)).toBeVisible({ timeout: 15_000 });
      await page.getByRole('link', { name: w.toAgenda }).click();
      await expect(page).toHaveURL(/\/agenda\?/);
      await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
      await expectNoEnglish(page);
      expect(errors).toEqual([]);
    });
  });
}

test('the language chosen on the sign-in page is kept on this device, whatever the browser says', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.locator('label', { hasText: 'Italiano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accesso' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Accesso' })).toBeVisible();
  await page.locator('label', { hasText: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});
