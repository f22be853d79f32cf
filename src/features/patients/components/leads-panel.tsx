import { Anchor, Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LeadPage, leadsQuery } from '#api/sales.ts';

/** At most this many linked leads are shown (one page of getLeads). */
const LINKED_LEADS_LIMIT = 1000;

import { formatDate } from '#components/format.ts';
import { EmptyState, ErrorState, RefreshFailed } from '#components/states.tsx';

/** Leads linked or converted to the patient (getLeads filter patid). */
export function LeadsPanel({ patid }: { patid: number }) {
  const { t } = useTranslation('patients');
  const query = useQuery({
    // Linked or converted to the patient, deleted ones included.
    ...leadsQuery({
      filter: { patid, includeDeleted: true },
      limit: LINKED_LEADS_LIMIT,
      orderBy: 'created',
      orderDir: 'desc',
    }),
    select: ({ items, pagination }: LeadPage) => ({ leads: items, complete: !pagination.hasMore }),
  });

  if (query.isPending) return <Skeleton height={100} />;
  if (query.data === undefined)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { leads, complete } = query.data;

  return (
    <Stack gap="sm">
      <RefreshFailed query={query} />
      <Text size="sm" c="dimmed">
        {complete ? t('leads.how') : t('leads.incomplete', { count: LINKED_LEADS_LIMIT })}
      </Text>
      {leads.length === 0 ? (
        <EmptyState title={t('leads.none')} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover aria-label={t('leads.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('leads.name')}</Table.Th>
                <Table.Th scope="col">{t('leads.what')}</Table.Th>
                <Table.Th scope="col">{t('leads.created')}</Table.Th>
                <Table.Th scope="col">{t('leads.converted')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.map((l) => (
                <Table.Tr key={l.leadId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/leads/${l.leadId}`}>
                      {[l.contact.lastname, l.contact.firstname].filter(Boolean).join(', ') || `#${l.leadId}`}
                    </Anchor>{' '}
                    {l.deleted && (
                      <Badge color="gray" variant="default" size="sm">
                        {t('deleted')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{l.what}</Table.Td>
                  <Table.Td>{formatDate(l.created)}</Table.Td>
                  <Table.Td>{formatDate(l.conversionDate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
