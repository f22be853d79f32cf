import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Dialog } from './dialog.tsx';

/**
 * Asks before leaving the page (another address, or closing the tab) while `dirty`. `allowNextNavigation` lets the
 * next navigation through, e.g. to the record just saved.
 */
export function useUnsavedChangesGuard(dirty: boolean): {
  dialog: ReactNode;
  allowNextNavigation: () => void;
} {
  const { t } = useTranslation('common');
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowRef = useRef(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowRef.current) {
      allowRef.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
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

  const dialog = (
    <Dialog
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('unsaved.title')}
      centered
      zIndex={400}
    >
      <Text mb="md">{t('unsaved.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('unsaved.leave')}
        </Button>
      </Group>
    </Dialog>
  );
  return { dialog, allowNextNavigation };
}
