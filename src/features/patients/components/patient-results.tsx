import { Anchor, Badge, Button, Group, Select, Skeleton, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#components/format.ts';
import { patientName } from '#components/patient-criteria.ts';
import type { Patient } from '#contract/system.ts';

export interface PatientResultsProps {
  items: Patient[];
  offset: number;
  limit: number;
  loading: boolean;
  onPage: (offset: number) => void;
  onLimit: (limit: number) => void;
  pageSizes: readonly number[];
}

/**
 * Hits as a table. searchPatients tells no total: "next" is offered while a page is full. The name is a link, so
 * Tab reaches it and Enter opens the patient.
 */
export function PatientResults({
  items,
  offset,
  limit,
  loading,
  onPage,
  onLimit,
  pageSizes,
}: PatientResultsProps) {
  const { t } = useTranslation('patients');
  const from = offset + 1;
  const to = offset + items.length;
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table aria-busy={loading} aria-label={t('results.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('fields.patid')}</Table.Th>
              <Table.Th scope="col">{t('fields.name')}</Table.Th>
              <Table.Th scope="col">{t('fields.dob')}</Table.Th>
              <Table.Th scope="col">{t('fields.address')}</Table.Th>
              <Table.Th scope="col">{t('fields.mobile')}</Table.Th>
              <Table.Th scope="col">{t('fields.mail')}</Table.Th>
              <Table.Th scope="col">{t('fields.ahv')}</Table.Th>
              <Table.Th scope="col">{t('fields.language')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && items.length === 0
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                  <Table.Tr key={i}>
                    {Array.from({ length: 8 }, (_, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                      <Table.Td key={j}>
                        <Skeleton height={12} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : items.map((p) => (
                  <Table.Tr key={p.patid}>
                    <Table.Td>{p.patid}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/patients/${p.patid}`} fw={600}>
                          {patientName(p) || t('unnamed')}
                        </Anchor>
                        {p.deleted === '1' && (
                          <Badge color="gray" variant="default" size="sm">
                            {t('deleted')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDate(p.dob)}</Table.Td>
                    <Table.Td>
                      {[p.street, [p.zip, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                    </Table.Td>
                    <Table.Td>{p.mobile}</Table.Td>
                    <Table.Td>{p.mail}</Table.Td>
                    <Table.Td>{p.AHV}</Table.Td>
                    <Table.Td>{p.language.toUpperCase()}</Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {items.length > 0 ? t('results.range', { from, to }) : ''}
        </Text>
        <Group gap="xs">
          <Select
            aria-label={t('results.pageSize')}
            data={pageSizes.map((n) => ({ value: String(n), label: t('results.perPage', { count: n }) }))}
            value={String(limit)}
            onChange={(v) => v && onLimit(Number(v))}
            allowDeselect={false}
            w={140}
            size="xs"
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={offset === 0 || loading}
            onClick={() => onPage(Math.max(0, offset - limit))}
          >
            {t('results.previous')}
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            disabled={items.length < limit || loading}
            onClick={() => onPage(offset + limit)}
          >
            {t('results.next')}
          </Button>
        </Group>
      </Group>
    </>
  );
}
