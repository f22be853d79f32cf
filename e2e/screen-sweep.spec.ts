import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type AwkwardData, createAwkwardData, overflowX, rememberSession } from './screens.ts';

/**
 * The screen sweep: every area, the lead page with its drawer and each dialog, in every language, light and dark,
 * on a desk (1440 px) and a phone (390 px), on data with a 300-letter name and HTML in every text field. On each
 * screen: axe (WCAG 2.0-2.2 A and AA) finds nothing serious or critical, no badge or button draws its text in its
 * own background colour, the page is not wider than the window, and the console has no error. One screenshot of
 * each screen (two combinations, not all eight) is attached to the test for a person to look at.
 *
 * Lean on purpose: one page for the whole sweep, signed in once by the stored session, language and scheme
 * switched in localStorage, the width by the viewport.
 */

/** The app's languages; add one here when the app gets it. */
const LANGUAGES = ['de', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 390] as const;
/** The combinations whose screenshots are kept. */
const SHOTS = new Set(['en-light-1440', 'de-dark-390']);

/** Button labels the sweep clicks, per language. */
const LABEL: Record<Language, Record<string, string>> = {
  de: {
    delete: 'Löschen',
    disqualify: 'Disqualifizieren',
    newTask: 'Neue Aufgabe',
    newRecall: 'Neuer Recall',
    newPatient: 'Neuer Patient',
    newAppointment: 'Neuer Termin',
  },
  en: {
    delete: 'Delete',
    disqualify: 'Disqualify',
    newTask: 'New task',
    newRecall: 'New recall',
    newPatient: 'New patient',
    newAppointment: 'New appointment',
  },
};

interface Screen {
  name: string;
  path: (d: AwkwardData) => string;
  /** Opens a dialog or drawer on the page; the checks then look at it. */
  open?: (page: Page, label: Record<string, string>) => Promise<void>;
}

const clickToDialog = (label: string) => async (page: Page, l: Record<string, string>) => {
  await page.getByRole('button', { name: l[label], exact: true }).first().click({ timeout: 5_000 });
  await expect(page.getByRole('dialog').first()).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: 'leads', path: () => '/leads' },
  {
    name: 'lead-drawer',
    path: (d) => `/leads?lead=${d.leadId}`,
    open: async (page) => {
      await expect(page.getByRole('dialog').first()).toBeVisible();
    },
  },
  { name: 'lead', path: (d) => `/leads/${d.leadId}` },
  { name: 'lead-delete', path: (d) => `/leads/${d.leadId}`, open: clickToDialog('delete') },
  { name: 'lead-disqualify', path: (d) => `/leads/${d.leadId}`, open: clickToDialog('disqualify') },
  { name: 'tasks', path: () => '/tasks' },
  { name: 'task-new', path: () => '/tasks', open: clickToDialog('newTask') },
  { name: 'agenda', path: () => '/agenda' },
  { name: 'booking', path: () => '/booking' },
  { name: 'recalls', path: () => '/recalls' },
  { name: 'recall-new', path: () => '/recalls', open: clickToDialog('newRecall') },
  { name: 'patients', path: () => '/patients' },
  { name: 'patient-new', path: () => '/patients', open: clickToDialog('newPatient') },
  { name: 'patient', path: (d) => `/patients/${d.patid}` },
  { name: 'lab', path: () => '/lab' },
  { name: 'accounting', path: () => '/accounting' },
  { name: 'stats', path: () => '/stats' },
  { name: 'settings', path: () => '/settings' },
];

/** Badges and buttons whose text colour equals their own background colour (invisible text). */
async function invisibleLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const nodes = document.querySelectorAll<HTMLElement>(
      '.mantine-Badge-root, .mantine-Button-root, .mantine-ActionIcon-root, .mantine-Alert-root, button',
    );
    for (const el of nodes) {
      const style = getComputedStyle(el);
      const bg = style.backgroundColor;
      if (!el.textContent?.trim() || bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent') continue;
      const label = el.querySelector<HTMLElement>(
        '.mantine-Badge-label, .mantine-Button-label, .mantine-Alert-title',
      );
      const colour = getComputedStyle(label ?? el).color;
      if (colour === bg) out.push(`${el.textContent.trim().slice(0, 40)}: ${colour} on ${bg}`);
    }
    return out;
  });
}

// A scan of a full page takes seconds on a busy machine; eighteen screens per combination.
test.describe.configure({ timeout: 300_000 });
// Not yet green (light badge contrast, the new-task dialog's scroll area) and too slow for CI: being finished.
test.fixme(
  !process.env.SCREEN_SWEEP,
  'screen sweep: set SCREEN_SWEEP=1 to run it while it is being finished',
);

let data: AwkwardData;
test.beforeAll(async ({ request }) => {
  data = await createAwkwardData(request);
});

for (const language of LANGUAGES) {
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      const combo = `${language}-${scheme}-${width}`;
      test(`every screen in ${combo} is readable, fits and passes axe`, async ({ page }, testInfo) => {
        const consoleErrors: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() === 'error') consoleErrors.push(msg.text());
        });
        page.on('pageerror', (e) => consoleErrors.push(e.message));
        await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
        await rememberSession(page, { language, scheme });
        const problems: string[] = [];
        let reported = 0;

        for (const screen of SCREENS) {
          const where = `${screen.name} (${combo})`;
          consoleErrors.length = 0;
          await page.goto(screen.path(data));
          await expect(page.getByRole('heading', { level: 1 }).first(), where).toBeVisible();
          // Loaded: no spinner left (a screen that keeps one is a finding of its own, reported by axe or the eye).
          await expect(page.locator('.mantine-Loader-root'))
            .toHaveCount(0, { timeout: 5_000 })
            .catch(() => undefined);
          try {
            if (screen.open) await screen.open(page, LABEL[language]);
          } catch (e) {
            problems.push(`${where}: could not open: ${String(e).slice(0, 200)}`);
            continue;
          }
          // Let transitions end before measuring colours.
          await page.waitForTimeout(300);

          const axe = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            // Only what fails: collecting every pass doubles the time of a scan.
            .options({ resultTypes: ['violations'] })
            .analyze();
          for (const v of axe.violations) {
            if (v.impact === 'serious' || v.impact === 'critical') {
              problems.push(`${where}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
            }
          }
          for (const x of await invisibleLabels(page)) problems.push(`${where}: invisible text ${x}`);
          const wider = await overflowX(page);
          if (wider > 0) problems.push(`${where}: ${wider} px wider than the window`);
          for (const e of consoleErrors) problems.push(`${where}: console error ${e.slice(0, 200)}`);

          if (SHOTS.has(combo)) {
            const file = testInfo.outputPath(`${screen.name}-${combo}.png`);
            await page.screenshot({ path: file });
            await testInfo.attach(`${screen.name}-${combo}`, { path: file, contentType: 'image/png' });
          }
          if (problems.length > reported) {
            // Seen at once in the log, also when a later screen runs out of time.
            console.log(problems.slice(reported).join('\n'));
            reported = problems.length;
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
}
