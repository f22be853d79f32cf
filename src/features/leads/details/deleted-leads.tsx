import { Alert, Anchor, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconRestore } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { leadsQuery, restoreLeadMutation } from '#api/sales.ts';
import type { Lead } from '#contract/sales.ts';

const DELETED_PAGE_SIZE = 25;

import { useUserName } from '#api/system.ts';
import { formatDateTime } from '#components/format.ts';
import { useMessageWords } from '#components/messages.ts';
import { Page } from '#components/page.tsx';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { leadName } from '../board/lead.ts';

/** The bin (`/leads/deleted`): deleted leads, who deleted them, when and why, and Restore. */
export function DeletedLeadsPage() {
  const { t } = useTranslation('leadDetails');
  const [offset, setOffset] = useState(0);
  const query = useQuery({
    // The bin: deleted leads, most recently active first.
    ...leadsQuery({ filter: { onlyDeleted: true }, offset, limit: DELETED_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];
  const total = query.data?.pagination.total ?? 0;
  const pageNo = Math.floor(offset / DELETED_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / DELETED_PAGE_SIZE));
  const emptyPage = query.isSuccess && !query.isPlaceholderData && items.length === 0 && offset > 0;
  // Restoring the last lead of a page leaves it empty: show the page before it.
  useEffect(() => {
    if (emptyPage) setOffset((o) => Math.max(0, o - DELETED_PAGE_SIZE));
  }, [emptyPage]);

  return (
    <Page
      title={t('deletedList.title')}
      actions={
        <Anchor component={Link} to="/leads">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('backToBoard')}
          </Group>
        </Anchor>
      }
    >
      <Text size="sm">{t('deletedList.intro')}</Text>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('deletedList.loading')} role="status">
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('deletedList.empty')} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label={t('deletedList.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('deletedList.name')}</Table.Th>
                  <Table.Th scope="col">{t('deletedList.deletedTime')}</Table.Th>
                  <Table.Th scope="col">{t('deletedList.deletedBy')}</Table.Th>
                  <Table.Th scope="col">{t('deletedList.reason')}</Table.Th>
                  <Table.Th scope="col">{t('deletedList.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((lead) => (
                  <DeletedRow key={lead.leadId} lead={lead} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('deletedList.page', { page: pageNo, pages, total })}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - DELETED_PAGE_SIZE))}
              >
                {t('previous')}
              </Button>
              <Button
                variant="default"
                disabled={!query.data?.pagination.hasMore}
                onClick={() => setOffset(offset + DELETED_PAGE_SIZE)}
              >
                {t('next')}
              </Button>
            </Group>
          </Group>
        </>
      )}
    </Page>
  );
}

function DeletedRow({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const userName = useUserName();
  const restore = useMutation(restoreLeadMutation({ silent: true }));
  const name = leadName(lead);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/leads/${lead.leadId}`}>
          {name}
        </Anchor>
      </Table.Td>
      <Table.Td>{formatDateTime(lead.deletedTime)}</Table.Td>
      <Table.Td>{userName(lead.deletedBy)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{lead.reasonDeleted}</Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRestore size={14} aria-hidden />}
            loading={restore.isPending}
            aria-label={t('restoreNamed', { name })}
            onClick={() =>
              restore.mutate(lead.leadId, {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    message: t('deletedList.restored', { name }),
                  }),
              })
            }
          >
            {t('restore')}
          </Button>
          {restore.isError && (
            <Alert color="red" variant="light" role="alert" p={4}>
              {words.error(restore.error)}
            </Alert>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
