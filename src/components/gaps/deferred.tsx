import { Suspense, useEffect, useState } from 'react';
import { afterFirstContent } from '#components/deferred.tsx';
import { lazyPart } from '#components/lazy-part.tsx';
import { loadNamespace } from '#i18n/index.ts';
import type { GapPanelProps } from './gap-panel.tsx';

/**
 * The gap panel as a part of Today and the agenda: its code, the waiting list's operations and its strings
 * (namespace `gaps`) load after the page's first content (Today's first rows), so that Today's first screen stays
 * within its budget (e2e/first-load.spec.ts: the panel's eleven files came before the first row).
 */
const LoadedGapPanel = lazyPart(() =>
  Promise.all([import('./gap-panel.tsx'), loadNamespace('gaps')]).then(([m]) => m.GapPanel),
);

export function GapPanel(props: GapPanelProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstContent(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <LoadedGapPanel {...props} />
    </Suspense>
  );
}
