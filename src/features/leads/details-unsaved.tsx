import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * The details page has several small forms (note, task, admission, patient search). React Router allows one
 * blocker at a time, so the forms report whether they hold unsaved input here and one guard asks before leaving.
 */
type Report = (name: string, dirty: boolean) => void;

const UnsavedContext = createContext<Report | null>(null);

/** A form inside the guard tells it whether it has unsaved input. Without a guard around it: nothing happens. */
export function useReportUnsaved(name: string, dirty: boolean): void {
  const report = useContext(UnsavedContext);
  useEffect(() => {
    report?.(name, dirty);
    return () => report?.(name, false);
  }, [report, name, dirty]);
}

export function UnsavedGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('leads');
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
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  // Closing the tab or reloading: the browser's own question.
  useEffect(() => {
    if (dirty.size === 0) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <UnsavedContext.Provider value={report}>
      {children}
      <LeaveConfirm
        opened={blocker.state === 'blocked'}
        message={t('details.unsaved.message')}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </UnsavedContext.Provider>
  );
}

export interface LeaveConfirmProps {
  opened: boolean;
  message: string;
  onStay: () => void;
  onLeave: () => void;
  /** A third choice, e.g. "Discard and leave". */
  extra?: ReactNode;
}

/** "You have unsaved input": stay (the default, focused) or leave. */
export function LeaveConfirm({ opened, message, onStay, onLeave, extra }: LeaveConfirmProps) {
  const { t } = useTranslation('leads');
  return (
    <Modal opened={opened} onClose={onStay} title={t('details.unsaved.title')} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          {extra}
          <Button variant="default" onClick={onLeave}>
            {t('details.unsaved.leave')}
          </Button>
          <Button onClick={onStay} data-autofocus>
            {t('details.unsaved.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
