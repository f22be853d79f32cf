import { Suspense, useState } from 'react';
import type { DialogProps, SideDrawerProps } from './dialog.tsx';
import { lazyPart } from './lazy-part.tsx';

/*
 * Dialogs whose code (Mantine's Modal or Drawer, the focus trap, the scroll lock) loads the first time they are
 * opened, not with the page that holds them: for dialogs that sit on a first page (the header's search, the board's
 * drawer). Once opened they stay mounted, so that closing still plays the transition.
 */
const LoadedDialog = lazyPart(() => import('./dialog.tsx').then((m) => m.Dialog));
const LoadedSideDrawer = lazyPart(() => import('./dialog.tsx').then((m) => m.SideDrawer));

/** True from the first time `opened` is. */
function useOpenedOnce(opened: boolean): boolean {
  const [wanted, setWanted] = useState(opened);
  // Adjusting state while rendering (React's documented pattern): no frame without the dialog.
  if (opened && !wanted) setWanted(true);
  return wanted || opened;
}

export function LazyDialog(props: DialogProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}

export function LazySideDrawer(props: SideDrawerProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <LoadedSideDrawer {...props} />
    </Suspense>
  );
}
