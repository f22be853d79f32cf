import { expect, test } from './fixtures.ts';
import { cutWords, englishOnScreen, nativeDateInputs, rawOnScreen, wordLists } from './text-checks.ts';

/**
 * The screen sweep's text checks (e2e/text-checks.ts) on small pages of their own, in the browser that measures
 * them: each finds what it is for and lets pass what it must.
 */

test('a word broken inside over two lines is found; a break after a hyphen or in a 40-letter word is not', async ({
  page,
}) => {
  await page.setContent(`
    <style>div { width: 3.5em; overflow-wrap: anywhere; font: 16px sans-serif; margin: 8px }</style>
    <div id="a">Bemerkung</div>
    <div id="b">Termin-Erinnerung</div>
    <div id="c">${'x'.repeat(45)}</div>
    <div id="d" style="width: 20em">Rückgängig machen</div>`);
  expect(await cutWords(page)).toEqual([expect.stringMatching(/^broken "Bem\S*\|\S+" in div "Bemerkung"$/)]);
});

test('a word clipped by its box is found, unless its title or data-truncates says it is on purpose or no box could hold it', async ({
  page,
}) => {
  const clip = 'width: 4em; overflow: hidden; white-space: nowrap; font: 16px sans-serif';
  await page.setContent(`
    <button style="${clip}">Rückgängig</button>
    <span style="display: block; ${clip}; text-overflow: ellipsis">Rechnungs-Nr.</span>
    <span style="display: block; ${clip}; text-overflow: ellipsis" title="Rechnungsnummer">Rechnungsnummer</span>
    <span style="display: block; ${clip}; text-overflow: ellipsis" data-truncates>Rechnungsdatum</span>
    <div style="${clip}">Nur ein Behälter</div>
    <span style="display: block; ${clip}; text-overflow: ellipsis">Frau ${'x'.repeat(45)}</span>
    <button style="${clip}; width: 12em">Speichern</button>`);
  const found = await cutWords(page);
  expect(found).toEqual([
    expect.stringMatching(/^clipped button "Rückgängig" \(\d+ px in \d+ px\)$/),
    expect.stringMatching(/^clipped span "Rechnungs-Nr\." /),
  ]);
});

test('a visible native date or time input is found', async ({ page }) => {
  await page.setContent(`
    <label for="d">Erinnerung am</label><input id="d" type="date">
    <input type="time" aria-label="Uhrzeit">
    <input type="datetime-local" hidden>
    <input type="text" aria-label="Datum" placeholder="TT.MM.JJJJ">`);
  expect(await nativeDateInputs(page)).toEqual([
    'native date input "Erinnerung am"',
    'native time input "Uhrzeit"',
  ]);
});

test('English words on a German screen are found by their text; names and German words are not', async ({
  page,
}) => {
  // The word lists import every locale file of the app: seconds on a quiet machine, over 30 on a busy one.
  test.setTimeout(120_000);
  const lists = await wordLists();
  // From the app's strings: an English word no translation uses is English; one the languages share is not.
  expect(lists.english.de.has('waiting')).toBe(true);
  expect(lists.english.de.has('status')).toBe(false);
  await page.setContent(`
    <main>
      <h1>Praxis Front Office</h1>
      <span>Waiting list</span>
      <button aria-label="Open the menu"></button>
      <td>Warteliste, Rückruf gewünscht</td>
      <span translate="no">Walker Done</span>
      <span>Müller-Schmid, Rosenweg</span>
      <span hidden>Cancelled</span>
    </main>`);
  expect(await englishOnScreen(page, 'de', lists)).toEqual([
    '"Waiting", "list" in span "Waiting list"',
    '"Open", "the" in aria-label of button "Open the menu"',
  ]);
});

test('an operation name or a count as a bare fraction is found; a date, a time or a path-like text is not', async ({
  page,
}) => {
  await page.setContent(`
    <h2>getCustomerById ist fehlgeschlagen</h2>
    <p>3/10 erledigt</p>
    <p>3 von 10 erledigt</p>
    <p>Termin am 21.11.2026 um 14:30</p>
    <p>Datei befunde/2026/11.hl7</p>
    <button aria-label="updateLead">Speichern</button>`);
  expect(await rawOnScreen(page)).toEqual([
    'operation name "getCustomerById" in h2',
    'bare count "3/10" in p',
    'operation name "updateLead" in aria-label of button',
  ]);
});
