import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterFirstContent } from '#components/deferred.tsx';
import { lazyPart } from '#components/lazy-part.tsx';
import { later, useLoadLater } from '#components/load-later.ts';
import type { Lead } from '#contract/sales.ts';
import { loadNamespace } from '#i18n/index.ts';
import type { MoveToken } from './cache.ts';
import { preloadCardMenu } from './card.tsx';

/*
 * What the board loads later than its first cards (view.tsx): drag and drop with the virtual lists of long
 * columns, the action bar and the cards' menus right after them; each dialog when it is first opened.
 */

// Drag and drop, the action bar and the cards' menus load after the first cards are on screen; the dialogs when
// one is first opened: the board's first cards come sooner.
type DragModule = typeof import('./drag.tsx');
const drag = later(() => import('./drag.tsx'));
/** Drag and drop's code; once loaded, later boards render with it from the start. */
export function loadDrag(): Promise<DragModule> {
  return drag.load();
}
const loadActionBar = () => import('./action-bar.tsx');
export const BoardActionBar = lazyPart(() => loadActionBar().then((m) => m.BoardActionBar));
export const BulkOutcomeAlert = lazyPart(() => loadActionBar().then((m) => m.BulkOutcomeAlert));

/**
 * drag.tsx once it has loaded: wanted after the first content, loaded and retried through the one loader
 * (components/load-later.ts: again when online, by itself with a growing pause). When it arrives the columns render
 * again as drop targets, and the cards as draggable (a new tree: dnd-kit's context wraps them), in a transition:
 * in slices the browser can interleave with input and paint, not in one long task (issue 16: the main thread never
 * blocked over 200 ms).
 */
export function useDragModule(): DragModule | null {
  const [wanted, setWanted] = useState(() => drag.peek() !== null);
  useEffect(() => {
    if (wanted) return;
    return afterFirstContent(() => {
      setWanted(true);
      preloadCardMenu();
      void loadActionBar().catch(() => {});
    });
  }, [wanted]);
  return useLoadLater(drag, { wanted, gentle: true }).value;
}

// The dialogs load when one is first opened, not with the board: the board's first cards come sooner. The
// dialogs' strings are in the namespace `leadDetails`, loaded with them, and the patient search's of the convert
// dialog (which the move dialog opens) in `patients`.
const withDialogStrings = <T,>(load: Promise<T>): Promise<T> =>
  Promise.all([load, loadNamespace('leadDetails', 'patients')]).then(([m]) => m);
const MoveDialog = lazyPart(() =>
  withDialogStrings(import('../dialogs/move-dialog.tsx')).then((m) => m.MoveDialog),
);
const DisqualifyDialog = lazyPart(() =>
  withDialogStrings(import('../dialogs/disqualify-dialog.tsx')).then((m) => m.DisqualifyDialog),
);
const ConvertDialog = lazyPart(() =>
  withDialogStrings(import('../dialogs/convert-dialog.tsx')).then((m) => m.ConvertDialog),
);
const AssignDialog = lazyPart(() =>
  withDialogStrings(import('../dialogs/assign-dialog.tsx')).then((m) => m.AssignDialog),
);
const DeleteLeadDialog = lazyPart(() =>
  withDialogStrings(import('../dialogs/delete-lead-dialog.tsx')).then((m) => m.DeleteLeadDialog),
);

type DialogKind = 'move' | 'disqualify' | 'convert' | 'assign' | 'delete';

export interface OpenDialog {
  kind: DialogKind;
  lead: Lead;
  /** A drop into 5/15 or 4/14 shows the card there already; the dialog's answer keeps it or takes it back. */
  token?: MoveToken;
}

interface BoardDialogProps {
  dialog: OpenDialog;
  opened: boolean;
  onEnd: (ok: boolean) => void;
}

export function BoardDialog({ dialog, opened, onEnd }: BoardDialogProps) {
  const props = { lead: dialog.lead, opened, onClose: () => onEnd(false), onDone: () => onEnd(true) };
  switch (dialog.kind) {
    case 'move':
      return <MoveDialog {...props} />;
    case 'disqualify':
      return <DisqualifyDialog {...props} />;
    case 'convert':
      return <ConvertDialog {...props} />;
    case 'assign':
      return <AssignDialog {...props} />;
    case 'delete':
      return <DeleteLeadDialog {...props} />;
  }
}

/** Where the focus is on the board, so that it can be put back after the board is rendered anew. */
export interface BoardFocus {
  leadId: string;
  /** The card itself, or a control inside it. */
  part: 'card' | 'input' | 'button';
}

export function boardFocus(board: HTMLElement | null): BoardFocus | null {
  const active = document.activeElement;
  if (!board || !(active instanceof HTMLElement) || !board.contains(active)) return null;
  const card = active.closest<HTMLElement>('[data-lead-id]');
  const leadId = card?.dataset.leadId;
  if (!card || !leadId) return null;
  return { leadId, part: active === card ? 'card' : active.tagName === 'INPUT' ? 'input' : 'button' };
}

export function restoreBoardFocus(board: HTMLElement | null, focus: BoardFocus): void {
  const card = board?.querySelector<HTMLElement>(`[data-lead-id="${CSS.escape(focus.leadId)}"]`);
  const target = focus.part === 'card' ? card : card?.querySelector<HTMLElement>(focus.part);
  target?.focus({ preventScroll: true });
}

/**
 * Inside the board before drag and drop has arrived: when that board goes (drag and drop renders it anew), notes
 * where the focus was, at the last moment it is still there (a layout effect's cleanup runs before the old
 * elements leave the document).
 */
export function KeepFocusAcrossSwap({ keep }: { keep: RefObject<BoardFocus | null> }) {
  // Its own element, whose parent is the board: set before this effect runs (a parent's ref is not, yet).
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const board = marker.current?.parentElement ?? null;
    return () => {
      keep.current = boardFocus(board);
    };
  }, [keep]);
  return <span ref={marker} hidden />;
}
