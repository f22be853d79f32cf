import { ActionIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lockScreen } from './lock-store.ts';

/** The header's "Lock screen": for stepping away from the desk (Ctrl+Alt+L does the same). */
export function LockButton() {
  const { t } = useTranslation('common');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('lock.button')}
      title={t('lock.buttonTitle')}
      aria-keyshortcuts="Control+Alt+L"
      onClick={lockScreen}
    >
      <IconLock size={18} aria-hidden />
    </ActionIcon>
  );
}
