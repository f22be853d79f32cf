import { Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

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
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
