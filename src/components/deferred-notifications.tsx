import { notificationsStore } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { later, useLoadLater } from './load-later.ts';

const LOAD_AFTER_MS = 3000;
const host = later(() => import('./notifications-host.tsx').then((m) => m.Notifications));

/**
 * Mantine's Notifications (the toasts, their transitions and styles) is not part of the first load: fetched a few
 * seconds after the start, or at once when something is shown (through load-later.ts, which tries again when
 * offline). `notifications.show` only writes to a store, so a toast shown before the component is there appears
 * when it is.
 */
export function DeferredNotifications() {
  const [wanted, setWanted] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (wanted) return;
    const timer = window.setTimeout(() => setWanted(true), LOAD_AFTER_MS);
    const unsubscribe = notificationsStore.subscribe(() => setWanted(true));
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [wanted]);
  const { value: Host } = useLoadLater(host, { wanted });
  return Host ? <Host /> : null;
}
