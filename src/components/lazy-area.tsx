import { Alert, Button, Stack } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { type Later, later, useLoadLater } from './load-later.ts';

export type AreaModule = { Component: ComponentType };

/**
 * Loads an area's file; when that fails (no connection, or the server not reachable) the route gets a stand-in
 * that says so in words and loads the file again by itself when the browser is back online (or on Retry), then
 * shows the area. The router keeps the stand-in as the route's component, so it remembers what it loaded.
 */
export async function loadArea(load: () => Promise<AreaModule>): Promise<AreaModule> {
  const area = later(() => load().then((m) => m.Component));
  try {
    return { Component: await area.load() };
  } catch {
    // One stand-in per route, made once when the load fails (not on every render); `area` keeps what it loads.
    const standIn = () => <AreaRetry area={area} />;
    return { Component: standIn };
  }
}

function AreaRetry({ area }: { area: Later<ComponentType> }) {
  const { value: component, trying, retry } = useLoadLater(area, { afterFailure: true });
  if (component) {
    const Loaded = component;
    return <Loaded />;
  }
  return <AreaOffline trying={trying} onRetry={retry} />;
}

function AreaOffline({ trying, onRetry }: { trying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Stack p="md">
      <Alert color="orange" icon={<IconWifiOff aria-hidden />} role="alert" title={t('connection.areaTitle')}>
        <Stack gap="sm" align="flex-start">
          {t('connection.area')}
          <Button variant="light" color="orange" loading={trying} onClick={onRetry}>
            {t('state.retry')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
