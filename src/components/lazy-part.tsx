import { notifications } from '@mantine/notifications';
import { type ComponentType, lazy, useEffect } from 'react';
import { i18n } from '#i18n/index.ts';
import { type Later, later, useLoadLater } from './load-later.ts';

/**
 * `React.lazy` for a part of a page whose code loads when first needed: a dialog, a card's menu, the board's action
 * bar, the lead drawer. `React.lazy` keeps a failed load, and the route's error page then takes the place of the
 * whole page; offline, its Retry reloads into the browser's offline page. Here a part whose code cannot be fetched
 * (no connection, the server restarting) is left out instead. A notice says so, and the part loads again when the
 * browser is back online and then shows as asked, with whatever the page kept meanwhile.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const part = later(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part (lazyPart runs once, at module level)
  const Unavailable = (props: P) => <PartWhenOnline part={part} props={props} />;
  return lazy(() =>
    part.load().then(
      (component) => ({ default: component }),
      () => ({ default: Unavailable }),
    ),
  );
}

const NOTICE_ID = 'part-offline';

function PartWhenOnline<P extends object>({ part, props }: { part: Later<ComponentType<P>>; props: P }) {
  const { value: component } = useLoadLater(part, { afterFailure: true });
  const missing = component === null;
  useEffect(() => {
    if (!missing) return;
    notifications.show({
      id: NOTICE_ID,
      color: 'orange',
      title: i18n.t('connection.areaTitle', { ns: 'common' }),
      message: i18n.t('connection.part', { ns: 'common' }),
    });
    // Out of date once the part is there (and, if the toasts' own code could not load offline either, not shown yet).
    return () => {
      notifications.hide(NOTICE_ID);
    };
  }, [missing]);
  if (!component) return null;
  const Loaded = component;
  return <Loaded {...props} />;
}
