import { Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageRendered } from './deferred.tsx';

export interface PageProps {
  /** The page's heading (one h1 per page) and the window title. */
  title: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every area's page: its h1, actions, content. */
export function Page({ title, actions, children }: PageProps) {
  const { t } = useTranslation('common');
  const appName = t('app.name');
  // The page is on screen: what waits for the first content may now guess when that content is there.
  useEffect(pageRendered, []);
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        {/* A name of 300 letters would fill a phone's first screen: two lines and an ellipsis; the whole name
            stays in the text (the heading's accessible name) and shows on hover. */}
        <Title order={1} size="h2" lineClamp={2} title={title} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
