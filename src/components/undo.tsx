import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
// The app's instance (i18n/index.ts configures this very default instance); importing index.ts here would tie
// the locale modules into the areas' chunks.
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { isChangedMeanwhile } from '#api/errors.ts';
import { describeError } from './states.tsx';

/**
 * "Undo" for what the API can take back (a card moved between folders, an appointment moved or resized): a
 * notification with an Undo button for 8 seconds, and Ctrl+Z (Cmd+Z) while it shows. Only the latest action can be
 * undone; each undo runs at most once.
 *
 * What the API cannot take back (completing a task) is held instead (`holdForUndo`): not sent for those 8 seconds,
 * sent when they are up, when the page is hidden or left, or when a newer action takes the Undo's place.
 */

export const UNDO_MS = 8000;

interface Offer {
  id: string;
  run: () => void;
  /** A newer offer takes this one's place: a held action is sent now (it could no longer be undone). */
  release?: () => void;
}

let current: Offer | null = null;
let counter = 0;
let listening = false;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function onKey(e: KeyboardEvent) {
  if (!current || e.shiftKey || e.altKey || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
  // Ctrl+Z in a text field undoes typing, not the last move.
  if (isTyping(e.target)) return;
  e.preventDefault();
  current.run();
}

export interface UndoOffer {
  /** What was done, e.g. "Muster Anna moved to Contacted." */
  message: ReactNode;
  /** Takes it back; a rejection is shown as a notification. */
  onUndo: () => Promise<unknown> | undefined;
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  window.addEventListener('keydown', onKey);
  // Leaving or hiding the page sends what is held: a tab closed within the 8 s must not lose the action.
  window.addEventListener('pagehide', releaseHeld);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') releaseHeld();
  });
  listening = true;
}

/** Shows the offer; `undo` runs at most once, from the button or Ctrl+Z. Returns the notification's id. */
function show(
  message: ReactNode,
  undo: () => void,
  opts: { autoClose: number | false; release?: () => void },
) {
  listen();
  counter += 1;
  const id = `undo-${counter}`;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    if (current?.id === id) current = null;
    notifications.hide(id);
    undo();
  };
  if (current) {
    const previous = current;
    current = null;
    notifications.hide(previous.id);
    previous.release?.();
  }
  current = { id, run, release: opts.release };
  notifications.show({
    id,
    autoClose: opts.autoClose,
    // Closing an offer only hides it (a held action is still sent when its time is up); the button needs a name.
    closeButtonProps: { 'aria-label': i18n.t('dialog.close', { ns: 'common' }) },
    onClose: () => {
      if (current?.id === id) current = null;
    },
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        {/* The message wraps at its words; the button keeps its whole word ("Rückgängig", not "Rückgäng"). */}
        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
          {message}
        </Text>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button size="compact-sm" variant="light" onClick={run}>
            {i18n.t('undo.action', { ns: 'common' })}
          </Button>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {i18n.t('undo.hint', { ns: 'common' })}
          </Text>
        </Group>
      </Group>
    ),
  });
  return id;
}

export function offerUndo({ message, onUndo }: UndoOffer): void {
  show(
    message,
    () => {
      Promise.resolve(onUndo()).catch((error: unknown) => {
        notifications.show({
          color: 'red',
          title: i18n.t('undo.failed', { ns: 'common' }),
          // A colleague's change since is kept, never overwritten by an undo: say so, not a technical reason.
          message: isChangedMeanwhile(error)
            ? i18n.t('undo.changedMeanwhile', { ns: 'common' })
            : describeError(error, i18n.t),
        });
      });
    },
    { autoClose: UNDO_MS },
  );
}

/** The person took a held action back: it was never sent. */
export class UndoneError extends Error {
  constructor() {
    super('Undone');
    this.name = 'UndoneError';
  }
}

export function isUndone(error: unknown): error is UndoneError {
  return error instanceof UndoneError;
}

/** Sends of held actions, by the action. */
const held = new Set<() => void>();

function releaseHeld() {
  for (const release of [...held]) release();
}

/**
 * Holds an action the API cannot take back, with an Undo for 8 seconds: resolves when it is to be sent (the time is
 * up, the page is hidden or left, or a newer action takes the Undo's place), rejects with `UndoneError` on Undo.
 */
export function holdForUndo(message: ReactNode): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let id = '';
    const settle = (send: boolean) => {
      if (!held.delete(release)) return;
      clearTimeout(timer);
      if (current?.id === id) current = null;
      notifications.hide(id);
      if (send) resolve();
      else reject(new UndoneError());
    };
    const release = () => settle(true);
    held.add(release);
    // The notification closes with the timer (not on its own: hovering pauses Mantine's autoClose, and an Undo
    // still showing after the action was sent would be a lie).
    id = show(message, () => settle(false), { autoClose: false, release });
    timer = setTimeout(release, UNDO_MS);
  });
}
