import { Button, Group, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Dialog } from './dialog.tsx';

/**
 * The one unsaved-changes guard of the app. React Router allows one blocker at a time, so this is the only place
 * that calls useBlocker: a page (or a dialog over it) asks before leaving while it holds unsaved input, and the
 * browser asks before the tab is closed or reloaded.
 */

export interface NavigationBlockOptions {
  /** Also ask when only the query string changes (a tab or filter of the same page). Default: path only. */
  includeSearch?: boolean;
}

export interface NavigationBlock {
  /** A navigation waits for an answer. */
  blocked: boolean;
  /** Stay on the page. */
  stay: () => void;
  /** Go where the user wanted to. */
  leave: () => void;
  /** Lets the next navigation through without asking (e.g. to the record just saved). */
  allowNextNavigation: () => void;
}

/** The guard without its dialog: for a dialog that asks inside itself (the agenda's, the new task). */
export function useNavigationBlock(dirty: boolean, options: NavigationBlockOptions = {}): NavigationBlock {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowRef = useRef(false);
  const includeSearch = options.includeSearch ?? false;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowRef.current) {
      allowRef.current = false;
      return false;
    }
    const elsewhere =
      currentLocation.pathname !== nextLocation.pathname ||
      (includeSearch && currentLocation.search !== nextLocation.search);
    return dirtyRef.current && elsewhere;
  });

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowNextNavigation = useCallback(() => {
    allowRef.current = true;
  }, []);

  return {
    blocked: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    allowNextNavigation,
  };
}

export interface UnsavedChangesOptions extends NavigationBlockOptions {
  /** The dialog's title and text, when the page says it in its own words. */
  title?: string;
  message?: ReactNode;
  stayLabel?: string;
  leaveLabel?: string;
  /** A third choice beside stay and leave (e.g. "Discard and leave"). */
  extra?: ReactNode;
}

/** Asks before leaving the page while `dirty`; render `dialog` somewhere in the page. */
export function useUnsavedChangesGuard(
  dirty: boolean,
  options: UnsavedChangesOptions = {},
): NavigationBlock & { dialog: ReactNode } {
  const block = useNavigationBlock(dirty, options);
  const dialog = (
    <LeaveDialog opened={block.blocked} onStay={block.stay} onLeave={block.leave} {...options} />
  );
  return { ...block, dialog };
}

interface LeaveDialogProps extends UnsavedChangesOptions {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** "You have unsaved input": stay (the default, focused) or leave. */
function LeaveDialog({
  opened,
  onStay,
  onLeave,
  title,
  message,
  extra,
  stayLabel,
  leaveLabel,
}: LeaveDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog opened={opened} onClose={onStay} title={title ?? t('unsaved.title')} centered zIndex={400}>
      <Text mb="md">{message ?? t('unsaved.text')}</Text>
      <Group justify="flex-end">
        {extra}
        <Button color="red" variant="outline" onClick={onLeave}>
          {leaveLabel ?? t('unsaved.leave')}
        </Button>
        <Button onClick={onStay} data-autofocus>
          {stayLabel ?? t('unsaved.stay')}
        </Button>
      </Group>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A page with several small forms (the lead details: note, task, admission, patient search): each reports whether
// it holds unsaved input, and one guard around them asks.

type Report = (name: string, dirty: boolean) => void;

const UnsavedContext = createContext<Report | null>(null);

/** A form inside an UnsavedChangesScope tells it whether it has unsaved input. Without a scope: nothing happens. */
export function useReportUnsaved(name: string, dirty: boolean): void {
  const report = useContext(UnsavedContext);
  useEffect(() => {
    report?.(name, dirty);
    return () => report?.(name, false);
  }, [report, name, dirty]);
}

export function UnsavedChangesScope({
  children,
  ...options
}: UnsavedChangesOptions & { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((name, isDirty) => {
    setDirty((prev) => {
      if (prev.has(name) === isDirty) return prev;
      const next = new Set(prev);
      if (isDirty) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);
  const guard = useUnsavedChangesGuard(dirty.size > 0, options);
  return (
    <UnsavedContext.Provider value={report}>
      {children}
      {guard.dialog}
    </UnsavedContext.Provider>
  );
}
