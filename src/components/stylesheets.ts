/**
 * Stylesheets that failed to load, asked for again. The bundler's loader fetches a chunk's stylesheets before its
 * code and never tries a file twice: after a load that failed offline, the code loads on the next try, but its styles
 * stay missing (a dialog's radio buttons drawn as page-wide black circles). Called before a part or an area loads
 * again (lazy-part.tsx, lazy-area.tsx); resolves when each has loaded or failed again.
 */
/**
 * A stylesheet that failed to load: Chromium keeps a sheet for it whose rules cannot be read (a SecurityError), where a
 * loaded one of ours has at least one (the build writes no empty stylesheet).
 */
export function failedToLoad(link: HTMLLinkElement): boolean {
  try {
    return link.sheet === null || link.sheet.cssRules.length === 0;
  } catch {
    return true;
  }
}

/**
 * Stylesheets that have finished, loaded or failed: a link still loading also has no readable rules, and replacing it
 * cancels its load without an event, so whoever waits for it (the bundler's loader, before a chunk's code) would wait
 * for ever: the area's try never ends and its Retry stays disabled. Only settled links are asked for again. The links
 * of the page's own HTML have settled before any script runs (a stylesheet holds the scripts after it).
 */
const settled = new WeakSet<HTMLLinkElement>();
if (typeof document !== 'undefined') {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) settled.add(link);
  const mark = (event: Event) => {
    if (event.target instanceof HTMLLinkElement) settled.add(event.target);
  };
  // load and error do not bubble: caught on their way down.
  document.addEventListener('load', mark, true);
  document.addEventListener('error', mark, true);
}

let reloading: Promise<void> | null = null;

/**
 * One reload at a time, shared: several loaders try again at once when the connection returns (load-later.ts), and
 * a second reload would take the first one's fresh link, still loading, for a failed one and replace it; the
 * replaced link never reports, and the first loader would wait for ever.
 */
export function reloadFailedStylesheets(): Promise<void> {
  reloading ??= reloadNow().finally(() => {
    reloading = null;
  });
  return reloading;
}

function reloadNow(): Promise<void> {
  const failed = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => settled.has(link) && failedToLoad(link),
  );
  return Promise.all(
    failed.map(
      (link) =>
        new Promise<void>((resolve) => {
          const fresh = link.cloneNode() as HTMLLinkElement;
          fresh.addEventListener('load', () => resolve(), { once: true });
          fresh.addEventListener('error', () => resolve(), { once: true });
          link.replaceWith(fresh);
        }),
    ),
  ).then(() => undefined);
}
