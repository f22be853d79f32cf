import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { markFirstContent } from '#components/deferred.tsx';
import { i18n } from '#i18n/index.ts';
import { addAllResources } from '#i18n/resources.ts';
import { setTestCredentials, setWhoCookie } from './test-credentials.ts';

// jsdom lacks what Mantine measures and matches with.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// The machine running the tests is shared and often busy: wait up to 5 s for what appears asynchronously.
configure({ asyncUtilTimeout: 5000 });

// Tests read English, whatever the machine's language.
// The app loads a language's namespaces as it needs them (i18n/load.ts); tests have them all at once.
addAllResources(i18n);
beforeAll(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The test files share their modules (vitest.config.ts, isolate: false): a notification shown by one test must
  // not be on the screen of the next.
  notifications.clean();
  window.sessionStorage.clear();
  window.localStorage.clear();
  // Signed out: the page's cookie and the harness's stand-in for the sealed one.
  setWhoCookie(null);
  setTestCredentials(null);
});

// What waits for a page's first content (components/deferred.tsx) loads at once in tests.
markFirstContent();
