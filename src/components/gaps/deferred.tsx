import { Suspense } from 'react';
import { lazyPart } from '#components/lazy-part.tsx';
import { loadNamespace } from '#i18n/index.ts';
import type { GapPanelProps } from './gap-panel.tsx';

/**
 * The gap panel as a part of Today and the agenda: its code, the waiting list's operations and its strings
 * (namespace `gaps`) load after the page, so that the first page stays within its budget.
 */
const LoadedGapPanel = lazyPart(() =>
  Promise.all([import('./gap-panel.tsx'), loadNamespace('gaps')]).then(([m]) => m.GapPanel),
);

export function GapPanel(props: GapPanelProps) {
  return (
    <Suspense fallback={null}>
      <LoadedGapPanel {...props} />
    </Suspense>
  );
}
