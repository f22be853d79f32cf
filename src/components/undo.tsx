import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
// The app's instance (i18n/index.ts configures this very default instance); importing index.ts here would tie
// the locale modules into the areas' chunks.
import i18n from 'i18next';
import type { ReactNode } from 'react';

/**
 * "Undo" for what the API can take back (a card moved between folders, an appointment moved or resized): a
 * notification with an Undo button for 8 seconds, and Ctrl+Z (Cmd+Z) while it shows. Only the latest action can be
 * undone; each undo runs at most once.
 */

export const UNDO_MS = 8000;

interface Offer {
  id: string;
  run: () => void;
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

export function offerUndo({ message, onUndo }: UndoOffer): void {
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('keydown', onKey);
    listening = true;
  }
  counter += 1;
  const id = `undo-${counter}`;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    if (current?.id === id) current = null;
    notifications.hide(id);
    Promise.resolve(onUndo()).catch((error: unknown) => {
      notifications.show({
        color: 'red',
        title: i18n.t('undo.failed', { ns: 'common' }),
        message: error instanceof Error ? error.message : String(error),
      });
    });
  };
  if (current) notifications.hide(current.id);
  current = { id, run };
  notifications.show({
    id,
    autoClose: UNDO_MS,
    onClose: () => {
      if (current?.id === id) current = null;
    },
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Group gap={6} wrap="nowrap">
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
}
