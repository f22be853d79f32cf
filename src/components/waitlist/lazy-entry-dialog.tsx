import { Suspense } from 'react';
import { loadNamespace } from '#i18n/index.ts';
import { lazyPart } from '../lazy-part.tsx';
import type { WaitlistEntryDialogProps } from './entry-dialog.tsx';

export type { WaitlistDialogTarget } from './entry-dialog.tsx';

/*
 * The waiting list's add/edit dialog for booking, the patient page and the waiting list itself: its code, the
 * waiting list's operations (src/api/agenda/waitlist.ts registers them) and its strings (with the patient search's)
 * load when it is first opened,
 * never with the page that offers it (the first load's budget, decision 0016).
 */
const Loaded = lazyPart(() =>
  Promise.all([import('./entry-dialog.tsx'), loadNamespace('waitlist', 'patients')]).then(
    ([m]) => m.WaitlistEntryDialog,
  ),
);

export function LazyWaitlistEntryDialog(props: WaitlistEntryDialogProps) {
  if (!props.target) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
