import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInOverApi } from './support.ts';

/**
 * The first screen as the browser loads it (issue 38, docs/decisions/0052-first-load-as-the-browser-counts.md): from
 * the navigation to the first card on the board and to the first appointment row on Today, cold (a fresh context,
 * the cache disabled) and signed in, in every language, Chromium's own count of what went over the wire: the
 * JavaScript's encoded bytes with their headers, and every request sent before the first card or row showed.
 * A request that started before then counts with all its bytes, even if it ends later: it competed for the line.
 * Budgets: 25 requests, and of JavaScript the target of 180 KB, held at BUDGET_JS until it is reached. What loaded
 * is printed by file with who asked for it.
 */
/** Issue 38's target. */
const TARGET_JS = 180 * 1024;
/**
 * What the check holds the first loads to until the target is reached (issue 38 stays open until then): no first
 * load grows past what it is (193.3-195.2 KB in de fr it en when this was set at 196 KB; raised to 197 KB by the
 * waiting list, closed time and gap offers: the shell's list of chunks to preload and six operations' error headings,
 * /leads 196.1 KB; lowered to 192 KB when the schemas of the areas Today does not call, the patients area's strings
 * and Mantine's NavLink left the shell: /leads 189.9-191.0 KB, /today 186.4-187.3 KB); lowered with every cut that
 * lands, to TARGET_JS at the end.
 */
const BUDGET_JS = 192 * 1024;
const BUDGET_REQUESTS = 25;

const pages = [
  { path: '/leads', what: 'first card', selector: 'article[data-lead-id]' },
  { path: '/today', what: 'first appointment row', selector: 'li[data-today-row]' },
] as const;
const languages = ['de', 'fr', 'it', 'en'] as const;
/** The mark the page writes to its console the moment the first card or row is in the document. */
const MARK = 'first-load:shown';

interface Sent {
  url: string;
  /** Epoch ms (Chromium's wall time of the request). */
  at: number;
  type: string;
  js: boolean;
  /** Who asked: the parser of index.html, a preload, or the module whose code or import asked. */
  by: string;
  bytes: number;
  done: boolean;
}

const file = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Every request of the page as Chromium's Network domain reports it, with its encoded bytes (headers included). */
function watchNetwork(cdp: CDPSession): { sent: Map<string, Sent>; shownAt: () => number | null } {
  const sent = new Map<string, Sent>();
  let shown: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    const frame = e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url ?? '';
    sent.set(e.requestId, {
      url: e.request.url,
      at: e.wallTime * 1000,
      type: e.type ?? 'Other',
      js: /\.m?js(\?|$)/.test(e.request.url),
      by: `${e.initiator.type}${frame ? ` ${file(frame)}` : ''}`,
      bytes: 0,
      done: false,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const s = sent.get(e.requestId);
    if (s) {
      s.type = e.type;
      s.js ||= /javascript/.test(e.response.mimeType);
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = sent.get(e.requestId);
    if (!s) return;
    s.bytes = e.encodedDataLength;
    s.done = true;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const s = sent.get(e.requestId);
    if (s) s.done = true;
  });
  cdp.on('Runtime.consoleAPICalled', (e) => {
    if (shown === null && e.args[0]?.value === MARK) shown = e.timestamp;
  });
  return { sent, shownAt: () => shown };
}

async function measure(page: Page, path: string, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Runtime.enable');
  const { sent, shownAt } = watchNetwork(cdp);
  // The mark is written when the first card or row is in the document: by a MutationObserver at the end of the task
  // that put it there, or earlier, by the first request that starts after it (the rows' own name lookups start in
  // the same task as the rows and are not what the first row waited for).
  await page.addInitScript(
    ({ selector, mark }) => {
      let done = false;
      const seen = () => {
        if (done || !document.querySelector(selector)) return done;
        done = true;
        console.debug(mark);
        return true;
      };
      const observer = new MutationObserver(() => {
        if (seen()) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
      const fetch = window.fetch;
      window.fetch = (...args: Parameters<typeof fetch>) => {
        seen();
        return fetch(...args);
      };
    },
    { selector, mark: MARK },
  );
  await page.goto(path);
  // Bytes and requests, not a time: a busy machine may take long, the count is the same.
  await expect(page.locator(selector).first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(shownAt, { timeout: 30_000 }).not.toBeNull();
  const until = shownAt() as number;
  const before = [...sent.values()].filter((s) => s.at <= until);
  // The bytes of every request sent before then, whenever it ends.
  await expect.poll(() => before.every((s) => s.done), { timeout: 30_000 }).toBe(true);
  await cdp.detach();
  const js = before.filter((s) => s.js);
  return {
    jsBytes: js.reduce((n, s) => n + s.bytes, 0),
    jsFiles: js.length,
    requests: before.length,
    table: before
      .slice()
      .sort((a, b) => a.at - b.at)
      .map(
        (s) =>
          `${kb(s.bytes).padStart(9)}  ${s.type.padEnd(10)} ${file(s.url).padEnd(48)} <- ${s.by} (+${Math.round(s.at - before[0].at)} ms)`,
      ),
  };
}

test.describe.configure({ timeout: 120_000 });

for (const lang of languages) {
  test.describe(`first load in ${lang}`, () => {
    test.use({ locale: lang, viewport: { width: 1440, height: 900 } });
    for (const { path, what, selector } of pages) {
      test(`${path}: at most ${kb(BUDGET_JS)} of JavaScript and ${BUDGET_REQUESTS} requests before the ${what}, cold`, async ({
        page,
      }) => {
        await signInOverApi(page);
        const m = await measure(page, path, selector);
        const gap =
          m.jsBytes > TARGET_JS ? ` (${kb(m.jsBytes - TARGET_JS)} over the target of ${kb(TARGET_JS)})` : '';
        const summary = `${path} ${lang}: ${kb(m.jsBytes)} of JavaScript${gap} in ${m.jsFiles} files, ${m.requests} requests before the ${what}`;
        console.log(`${summary}\n${m.table.join('\n')}`);
        test.info().annotations.push({ type: 'first load', description: summary });
        expect(m.jsBytes, `${summary}: over ${kb(BUDGET_JS)}`).toBeLessThanOrEqual(BUDGET_JS);
        expect(m.requests, `${summary}: over ${BUDGET_REQUESTS} requests`).toBeLessThanOrEqual(
          BUDGET_REQUESTS,
        );
      });
    }
  });
}
