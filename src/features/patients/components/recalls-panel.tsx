import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRecallsBroken, recallsQuery } from '#api/recall.ts';
import { formatDateTime } from '#components/format.ts';
import { RecallFailureText } from '#components/recall-error.tsx';
import { EmptyState, ErrorState, RefreshFailed } from '#components/states.tsx';

const statusColor = { sent: 'green', pending: 'blue', error: 'red' } as const;

/** The patient's recalls (getRecalls patid); editing happens on the recalls page. */
export function RecallsPanel({ patid }: { patid: number }) {
  const { t } = useTranslation('patients');
  const query = useQuery(recallsQuery({ patid }));

  const link = (
    <Anchor component={Link} to={`/recalls?patid=${patid}`}>
      {t('recalls.manage')}
    </Anchor>
  );

  if (query.isPending) return <Skeleton height={120} />;
  if (query.data === undefined) {
    if (isRecallsBroken(query.error)) {
      return (
        <Alert
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('recalls.brokenTitle')}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('recalls.broken')}</Text>
            <Button variant="default" size="xs" onClick={() => void query.refetch()}>
              {t('recalls.retry')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) return <EmptyState title={t('recalls.none')} action={link} />;

  return (
    <Stack gap="sm">
      <RefreshFailed query={query} />
      <Group justify="flex-end">{link}</Group>
      <Table.ScrollContainer minWidth={640}>
        <Table highlightOnHover aria-label={t('recalls.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('recalls.due')}</Table.Th>
              <Table.Th scope="col">{t('recalls.title')}</Table.Th>
              <Table.Th scope="col">{t('recalls.type')}</Table.Th>
              <Table.Th scope="col">{t('recalls.status')}</Table.Th>
              <Table.Th scope="col">{t('recalls.recurring')}</Table.Th>
              <Table.Th scope="col">{t('recalls.active')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.recallDate)}</Table.Td>
                <Table.Td>{r.title}</Table.Td>
                <Table.Td>{t(`recallType.${r.recallType}`)}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor[r.status]} variant="dot">
                    {t(`recallStatus.${r.status}`)}
                  </Badge>
                  {r.status === 'error' && r.errorMsg && (
                    <Text size="xs" c="red.8">
                      <RecallFailureText recall={r} />
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {r.recurring ? r.recurringFrequency || t('recalls.yes') : t('recalls.no')}
                </Table.Td>
                <Table.Td>{r.active === 1 ? t('recalls.yes') : t('recalls.no')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
