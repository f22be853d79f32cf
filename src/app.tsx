import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { isSessionLocked } from '#api/client.ts';
import { createQueryClient } from '#api/query-client.ts';
import { signInPath } from '#api/session.ts';
import { markFirstContentWhenSettled } from '#components/deferred.tsx';
import { DeferredNotifications } from '#components/deferred-notifications.tsx';
import { errorTitle } from '#components/error-heading.ts';
import { lockScreen } from '#components/lock/lock-store.ts';
import { ScreenLock } from '#components/lock/screen-lock.tsx';
import { reloadWhenRestoredSignedOut, signOut } from '#components/sign-out.ts';
import { describeError } from '#components/states.tsx';
import { currentLanguage, i18n } from '#i18n/index.ts';
import { type AppRouter, createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'praxis.color-scheme' });

/**
 * The style nonce the server put into index.html for this response (style-src 'self' 'nonce-…'). In `npm run dev`
 * the placeholder is still there and no policy applies.
 */
function styleNonce(): string | undefined {
  const value = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return value && value !== '__CSP_NONCE__' ? value : undefined;
}

reloadWhenRestoredSignedOut();

/** Another tab signed out: this one follows (without telling the others again). */
const signedOutElsewhere = () => signOut({ otherTabs: false });

const nonce = styleNonce();
const getStyleNonce = nonce ? () => nonce : undefined;
// The scroll lock of modals and drawers (react-remove-scroll) writes its own style tag and takes the nonce from
// get-nonce: without it the browser refuses the tag and the page scrolls behind the dialog.
if (nonce) setNonce(nonce);

/** A request answered 401: to sign-in, and back to this page afterwards. Nothing is cleared. */
function toSignIn(router: AppRouter) {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/sign-in') return;
  void router.navigate(signInPath(pathname + search + hash));
}

export function App() {
  // Re-renders on a language change, so that DatesProvider gets the new locale.
  useTranslation();
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(() =>
    createQueryClient({
      // A session locked on the server (another tab, or a reload): the lock screen, not the sign-in page.
      onUnauthorized: (error) => (isSessionLocked(error) ? lockScreen() : toSignIn(router)),
      onMutationError: (error) =>
        notifications.show({
          color: 'red',
          title: errorTitle(error, i18n.t),
          message: describeError(error, i18n.t),
        }),
    }),
  );
  // What the first screen does not need loads once it is there: the page shown and its first queries settled, if
  // the page does not say so itself (components/deferred.tsx).
  useEffect(
    () =>
      markFirstContentWhenSettled({
        pageShown: () => router.state.initialized && router.state.navigation.state === 'idle',
        fetching: () => queryClient.isFetching(),
        subscribe: (fn) => {
          const offRouter = router.subscribe(fn);
          const offQueries = queryClient.getQueryCache().subscribe(fn);
          return () => {
            offRouter();
            offQueries();
          };
        },
      }),
    [router, queryClient],
  );
  // dayjs locale names (de, fr, it, en) for the weekday and month names of Mantine's pickers.
  const locale = currentLanguage();

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      getStyleNonce={getStyleNonce}
    >
      <DatesProvider settings={{ locale, firstDayOfWeek: 1, weekendDays: [0, 6] }}>
        <DeferredNotifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <ScreenLock onSignedOut={signedOutElsewhere} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
