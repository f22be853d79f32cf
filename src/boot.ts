import { readStartPage } from '#components/start-page.ts';
import { detectLanguage } from '#i18n/detect.ts';
import { loadStrings } from '#i18n/load.ts';
import { shellNamespaces } from '#i18n/namespaces.ts';
import { referenceInput, referenceWanted } from './features/leads/shared/reference-store.ts';

/**
 * The first downloads, started before React and the app's code are evaluated (main.tsx imports this module right
 * after the zod setting; issue 16, the first page sooner): the shell's strings in this device's language; on Today's
 * address, Today's code and strings; on the board's, the board's code, its strings and its reference data. Otherwise each would be asked for only
 * once the code before it had run, one round trip after another. i18n and the router ask for the same modules later
 * and get them from the module cache; the board's query takes the early answer (api/client.ts startEarly). A failure here is
 * reported by whoever asks again.
 */
export function startFirstDownloads(pathname: string): void {
  // `/` opens the start page (Today unless the user chose another area).
  const area = pathname === '/' ? readStartPage() : pathname.replace(/\/$/, '');
  const onBoard = area === '/leads';
  const onToday = area === '/today';
  const language = detectLanguage();
  const areaNs = onBoard ? ['leads'] : onToday ? ['today'] : [];
  for (const ns of [...shellNamespaces, ...areaNs]) {
    loadStrings(language, ns).catch(() => {});
  }
  if (onToday) import('./features/today/route.tsx').catch(() => {});
  if (!onBoard) return;
  import('./features/leads/route.tsx').catch(() => {});
  // As soon as the API client has loaded (it comes with the app's code, already on its way), not once the board
  // has rendered; with the sales area's operations (they come with the board's code: api/operation-table.ts).
  if (referenceWanted()) {
    Promise.all([import('#api/client.ts'), import('#api/sales/operations.ts')])
      .then(([client]) => client.startEarly('getReferenceData', referenceInput()))
      .catch(() => {});
  }
}

startFirstDownloads(window.location.pathname);
