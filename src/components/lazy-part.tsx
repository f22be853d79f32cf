import { notifications } from '@mantine/notifications';
import { type ComponentType, lazy, useEffect, useState } from 'react';
import { i18n } from '../i18n/index.ts';
import { reloadFailedStylesheets } from './stylesheets.ts';

/**
 * `React.lazy` for a part of a page whose code loads when first needed: a dialog, a card's menu, the board's action
 * bar, the lead drawer. `React.lazy` keeps a failed load, and the route's error page then takes the place of the
 * whole page; offline, its Retry reloads into the browser's offline page. Here a part whose code cannot be fetched
 * (no connection, the server restarting) is left out instead. A notice says so, and the part loads again when the
 * browser is back online and then shows as asked, with whatever the page kept meanwhile.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const attempt = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part (lazyPart runs once, at module level)
  const Unavailable = (props: P) => <PartWhenOnline attempt={attempt} loaded={() => loaded} props={props} />;
  return lazy(() =>
    attempt().then(
      (component) => ({ default: component }),
      () => ({ default: Unavailable }),
    ),
  );
}

const NOTICE_ID = 'part-offline';

function PartWhenOnline<P extends object>({
  attempt,
  loaded,
  props,
}: {
  attempt: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | null;
  props: P;
}) {
  const [component, setComponent] = useState<ComponentType<P> | null>(loaded);
  useEffect(() => {
    if (component) return;
    notifications.show({
      id: NOTICE_ID,
      color: 'orange',
      title: i18n.t('connection.areaTitle', { ns: 'common' }),
      message: i18n.t('connection.part', { ns: 'common' }),
    });
    let live = true;
    let again: ReturnType<typeof setTimeout> | undefined;
    let wait = 1000;
    /** Online (the connection came back before the failure arrived, or the server was away): again, less often. */
    const later = () => {
      if (!live || !navigator.onLine) return;
      again = setTimeout(retry, wait);
      wait = Math.min(wait * 2, 30_000);
    };
    const retry = () => {
      clearTimeout(again);
      reloadFailedStylesheets()
        .then(attempt)
        .then((c) => {
          // The notice is out of date (and, if the toasts' own code could not load offline either, not shown yet).
          notifications.hide(NOTICE_ID);
          if (live) setComponent(() => c);
        }, later);
    };
    window.addEventListener('online', retry);
    later();
    return () => {
      live = false;
      clearTimeout(again);
      window.removeEventListener('online', retry);
    };
  }, [component, attempt]);
  if (!component) return null;
  const Loaded = component;
  return <Loaded {...props} />;
}
