import { type ComponentType, useEffect, useState } from 'react';

/** The events of `modals.open…` from @mantine/modals (window events `mantine-modals:<name>`). */
const OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map((e) => `mantine-modals:${e}`);
const LOAD_AFTER_MS = 3000;

type Provider = ComponentType<{ labels: { confirm: string; cancel: string } }>;

/**
 * Mantine's ModalsProvider (and Modal with it) is not part of the first load: it is fetched a few seconds after the
 * app starts. It needs no children: `modals.openConfirmModal` and the others reach it through window events, and it
 * sits inside the router, so its modals may still link and navigate. A modal opened before it is there is kept and
 * opened once it is.
 */
export function DeferredModals({ labels }: { labels: { confirm: string; cancel: string } }) {
  const [loaded, setLoaded] = useState<{ Provider: Provider } | null>(null);
  const [early, setEarly] = useState<CustomEvent[]>([]);

  useEffect(() => {
    if (loaded) return;
    let live = true;
    let retry = 0;
    const load = () => {
      window.clearTimeout(retry);
      import('@mantine/modals').then(
        (m) => {
          if (live) setLoaded({ Provider: m.ModalsProvider });
        },
        () => {
          // Offline: again a little later.
          if (live) retry = window.setTimeout(load, 2000);
        },
      );
    };
    const keep = (event: Event) => {
      setEarly((list) => [...list, event as CustomEvent]);
      load();
    };
    for (const type of OPEN_EVENTS) window.addEventListener(type, keep);
    retry = window.setTimeout(load, LOAD_AFTER_MS);
    return () => {
      live = false;
      window.clearTimeout(retry);
      for (const type of OPEN_EVENTS) window.removeEventListener(type, keep);
    };
  }, [loaded]);

  if (!loaded) return null;
  return (
    <>
      <loaded.Provider labels={labels} />
      <Replay events={early} onDone={() => setEarly([])} />
    </>
  );
}

/** After the provider listens (its listeners are set in a layout effect, before this effect), the kept events again. */
function Replay({ events, onDone }: { events: CustomEvent[]; onDone: () => void }) {
  useEffect(() => {
    if (events.length === 0) return;
    for (const e of events) window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
    onDone();
  }, [events, onDone]);
  return null;
}
