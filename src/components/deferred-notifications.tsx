import { notificationsStore } from '@mantine/notifications';
import { type ComponentType, useEffect, useState } from 'react';

const LOAD_AFTER_MS = 3000;

/**
 * Mantine's Notifications (the toasts, their transitions and styles) is not part of the first load: fetched a few
 * seconds after the start, or at once when something is shown. `notifications.show` only writes to a store, so a
 * toast shown before the component is there appears when it is.
 */
export function DeferredNotifications() {
  const [loaded, setLoaded] = useState<{ Host: ComponentType } | null>(null);

  useEffect(() => {
    if (loaded) return;
    let live = true;
    let timer = 0;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      window.clearTimeout(timer);
      import('./notifications-host.tsx').then(
        (m) => {
          if (live) setLoaded({ Host: m.Notifications });
        },
        () => {
          // Offline: again a little later.
          loading = false;
          if (live) timer = window.setTimeout(load, 2000);
        },
      );
    };
    const unsubscribe = notificationsStore.subscribe(load);
    if (notificationsStore.getState().notifications.length > 0) load();
    else timer = window.setTimeout(load, LOAD_AFTER_MS);
    return () => {
      live = false;
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [loaded]);

  return loaded ? <loaded.Host /> : null;
}
