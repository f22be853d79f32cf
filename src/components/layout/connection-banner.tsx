import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline, subscribeConnection } from '#api/connection.ts';

/** Shown while the practice server cannot be reached; goes by itself when it can again. */
export function ConnectionBanner() {
  const { t } = useTranslation('common');
  const online = useSyncExternalStore(subscribeConnection, isOnline, () => true);
  if (online) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} mb="md" role="alert">
      {t('connection.offline')}
    </Alert>
  );
}
