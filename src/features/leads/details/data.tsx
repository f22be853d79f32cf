import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canUpdateLeadQuery } from '#api/sales.ts';
import { useUserName } from '#api/system.ts';
import { folderName } from '#components/codes.ts';
import { formatChf, formatDate, formatDateTime } from '#components/format.ts';
import type { Folder, Lead, RefItem } from '#contract/sales.ts';
import { referenceQuery } from '../shared/queries.ts';
import { DetailsDataForm } from './data-form.tsx';

/** The label of a code (source, flag, reason); the code itself when the reference data does not know it. */
function labelOf(items: readonly RefItem[] | undefined, code: string): string {
  if (!code) return '';
  return items?.find((i) => i.code === code)?.label ?? code;
}

const dash = '—';

function show(value: ReactNode): ReactNode {
  return value === '' || value === null || value === undefined ? dash : value;
}

/** A group of label/value pairs, read as a description list. */
function Fields({ title, rows, order }: { title: string; rows: [string, ReactNode][]; order: 2 | 3 }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Title order={order} size="h5" mb="xs">
        {title}
      </Title>
      <Box component="dl" m={0}>
        {rows.map(([label, value]) => (
          <Box key={label} style={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, 40%) 1fr', gap: 8 }}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {show(value)}
            </Text>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * All of the lead's data as getLeads returns it, with "Edit data" where the tenant has sales/updateLead (an
 * addition of the reference service); without it the data stays read-only and says why.
 */
export function DetailsData(props: { lead: Lead; folders: Folder[]; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('leads');
  const { lead } = props;
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const probe = useQuery({ ...canUpdateLeadQuery(lead.leadId), enabled: !lead.deleted });
  const editable = !lead.deleted && probe.data === true;
  const missing = probe.data === false;

  if (editing && editable)
    return (
      <DetailsDataForm
        lead={lead}
        onDone={() => setEditing(false)}
        onMissing={() => {
          client.setQueryData(canUpdateLeadQuery(lead.leadId).queryKey, false);
          setEditing(false);
        }}
      />
    );
  return (
    <Stack gap="sm">
      {editable && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t('details.edit.button')}
          </Button>
        </Group>
      )}
      {missing && (
        <Alert variant="light" color="indigo">
          <Text size="sm">{t('details.edit.readOnly')}</Text>
        </Alert>
      )}
      <LeadDataView {...props} />
    </Stack>
  );
}

function LeadDataView({
  lead,
  folders,
  headingOrder = 3,
}: {
  lead: Lead;
  folders: Folder[];
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation('leads');
  const userName = useUserName();
  const reference = useQuery(referenceQuery());
  const ref = reference.data;
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('details.yes') : t('details.no'));
  const gender = (g: string) => (g === 'f' || g === 'm' || g === 'd' ? t(`details.gender.${g}`) : g);
  const c = lead.contact;
  const a = lead.address;
  const m = lead.communication;
  const med = lead.medical;
  const ins = lead.insurance;
  const com = lead.commercial;
  const hx = Object.entries(med.hxData);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Fields
        order={headingOrder}
        title={t('details.group.pipeline')}
        rows={[
          [t('details.field.leadId'), `#${lead.leadId}`],
          [t('details.field.uniqid'), lead.uniqid],
          [
            t('details.field.pipeline'),
            lead.ispatient === 1 ? t('details.pipeline.patient') : t('details.pipeline.contact'),
          ],
          [
            t('details.field.folder'),
            (() => {
              const folder = folders.find((f) => f.folderId === lead.folderId);
              return folder ? folderName(folder) : `#${lead.folderId}`;
            })(),
          ],
          [t('details.field.source'), labelOf(ref?.sources, lead.source)],
          [t('details.field.assignee'), userName(lead.assigneeId)],
          [t('details.field.flags'), lead.flags.map((f) => labelOf(ref?.flags, f)).join(', ')],
          [t('details.field.what'), lead.what],
          [t('details.field.created'), formatDateTime(lead.created)],
          [t('details.field.lastActivity'), formatDateTime(lead.lastActivity)],
          [t('details.field.openTasks'), String(lead.openTasks)],
          [t('details.field.nextReminder'), formatDateTime(lead.nextReminder)],
          [t('details.field.admissionDate'), formatDate(lead.admissionDate)],
          [t('details.field.patid'), lead.patid === null ? '' : `#${lead.patid}`],
          [t('details.field.conversionDate'), formatDate(lead.conversionDate)],
          [t('details.field.watchers'), lead.watchers.map((w) => userName(w.userId)).join(', ')],
          [t('details.field.reasonDisqualified'), labelOf(ref?.disqualification, lead.reasonDisqualified)],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('details.group.contact')}
        rows={[
          [t('details.field.salutation'), c.salutation],
          [t('details.field.title'), c.title],
          [t('details.field.firstname'), c.firstname],
          [t('details.field.lastname'), c.lastname],
          [t('details.field.alias'), c.alias],
          [t('details.field.gender'), gender(c.gender)],
          [t('details.field.dob'), formatDate(c.dob)],
          [t('details.field.civilStatus'), c.civilStatus],
          [t('details.field.nationality'), c.nationality],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('details.group.address')}
        rows={[
          [t('details.field.street'), a.street],
          [t('details.field.zip'), a.zip],
          [t('details.field.city'), a.city],
          [t('details.field.country'), a.country],
          [t('details.field.countryCode'), a.countryCode],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('details.group.communication')}
        rows={[
          [t('details.field.mail'), m.mail],
          [t('details.field.mail2'), m.mail2],
          [t('details.field.phone'), m.phone],
          [t('details.field.phone2'), m.phone2],
          [t('details.field.mobile'), m.mobile],
          [t('details.field.mobile2'), m.mobile2],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('details.group.medical')}
        rows={[
          [t('details.field.bloodType'), med.bloodType],
          [t('details.field.height'), med.height === null ? '' : `${med.height} cm`],
          [t('details.field.weight'), med.weight === null ? '' : `${med.weight} kg`],
          [t('details.field.job'), med.job],
          ...hx.map(([key, value]): [string, ReactNode] => [
            t('details.field.hx', { key }),
            value === null ? '' : typeof value === 'boolean' ? yesNo(value) : String(value),
          ]),
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('details.group.insurance')}
        rows={[
          [t('details.field.kvg'), ins.kvg],
          [t('details.field.kvgPoliceNr'), ins.kvgPoliceNr],
          [t('details.field.vvg'), ins.vvg],
          [t('details.field.payerType'), ins.payerType],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('details.group.commercial')}
        rows={[
          [t('details.field.revenue'), formatChf(com.revenue)],
          [t('details.field.costs'), formatChf(com.costs)],
          [t('details.field.nextStep'), com.nextStep ?? ''],
          [t('details.field.newsletter'), yesNo(com.newsletter)],
          [t('details.field.dataProcessing'), yesNo(com.dataProcessing)],
        ]}
      />
      {lead.deleted && (
        <Fields
          order={headingOrder}
          title={t('details.group.deletion')}
          rows={[
            [t('details.field.deletedBy'), userName(lead.deletedBy)],
            [t('details.field.deletedTime'), formatDateTime(lead.deletedTime)],
            [t('details.field.reasonDeleted'), lead.reasonDeleted],
          ]}
        />
      )}
    </SimpleGrid>
  );
}
