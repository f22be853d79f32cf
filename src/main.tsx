// First, before any schema exists: zod must not probe eval under the page's Content-Security-Policy.
import '#api/zod-csp.ts';
// Then the downloads the first render waits for, before React and the rest are evaluated.
import './boot.ts';
// Mantine's global styles. Each component's styles come with the code that renders it (vite.config.ts:
// mantineStylesByUse), and a package's own with the area that uses it (dates, charts, dropzone) or with the part that
// shows them (notifications: components/notifications-host.tsx), so that the first page loads only what it shows. All
// of them are in the `mantine` cascade layer, below the app's rules whatever order the files arrive in.
import './mantine.css';
// The app's few global rules.
import './app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The app is imported only now: a static import would let the bundler run the contract's schemas (in a chunk
 * shared with the areas) before the zod setting above.
 */
async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  // The app's code and the shell's strings in the visitor's language (only that language: i18n/load.ts; boot.ts
  // has already asked for them) load side by side; the first render waits for both, so that no key shows.
  const app = import('./app.tsx');
  const { i18nReady } = await import('#i18n/index.ts');
  await i18nReady;
  const { App } = await app;
  // In a transition: the first render of the shell and the page is done in slices the browser can interleave
  // with its own work, not in one task of 100-200 ms on a slow machine (issue 16: the main thread never blocked
  // over 200 ms, on a cold visit too).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
