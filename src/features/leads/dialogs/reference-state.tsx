import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '#components/states.tsx';

/**
 * The practice's reference data (folders, reasons) that a lead dialog's choices are made of: a skeleton while it
 * loads, the error with Retry when it cannot be read, else the choices.
 */
export function WithReference({
  reference,
  children,
}: {
  reference: UseQueryResult<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation('leads');
  if (reference.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('dialog.loading')} role="status">
        <Skeleton height={20} />
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    );
  }
  if (reference.isError) {
    return (
      <Alert color="red" role="alert" title={t('dialog.referenceFailed')}>
        <Group justify="space-between">
          <Text size="sm">{describeError(reference.error, t)}</Text>
          <Button size="xs" variant="default" onClick={() => void reference.refetch()}>
            {t('dialog.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return children;
}
