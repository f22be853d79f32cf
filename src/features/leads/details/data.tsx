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

/**
 * The label of a code (source, flag, reason); nothing while the reference data loads (never the bare `OTHER`), the
 * code itself only when the practice's reference data does not know it.
 */
function labelOf(items: readonly RefItem[] | undefined, code: string): string {
  if (!code || !items) return '';
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
  const { t } = useTranslation('leadDetails');
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
            {t('edit.button')}
          </Button>
        </Group>
      )}
      {missing && (
        <Alert variant="light" color="indigo">
          <Text size="sm">{t('edit.readOnly')}</Text>
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
  const { t } = useTranslation('leadDetails');
  const userName = useUserName();
  const reference = useQuery(referenceQuery());
  const ref = reference.data;
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('yes') : t('no'));
  const gender = (g: string) => (g === 'f' || g === 'm' || g === 'd' ? t(`gender.${g}`) : g);
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
        title={t('group.pipeline')}
        rows={[
          [t('field.leadId'), `#${lead.leadId}`],
          [t('field.uniqid'), lead.uniqid],
          [t('field.pipeline'), lead.ispatient === 1 ? t('pipeline.patient') : t('pipeline.contact')],
          [
            t('field.folder'),
            (() => {
              const folder = folders.find((f) => f.folderId === lead.folderId);
              return folder ? folderName(folder) : `#${lead.folderId}`;
            })(),
          ],
          [t('field.source'), labelOf(ref?.sources, lead.source)],
          [t('field.assignee'), userName(lead.assigneeId)],
          [t('field.flags'), lead.flags.map((f) => labelOf(ref?.flags, f)).join(', ')],
          [t('field.what'), lead.what],
          [t('field.created'), formatDateTime(lead.created)],
          [t('field.lastActivity'), formatDateTime(lead.lastActivity)],
          [t('field.openTasks'), String(lead.openTasks)],
          [t('field.nextReminder'), formatDateTime(lead.nextReminder)],
          [t('field.admissionDate'), formatDate(lead.admissionDate)],
          [t('field.patid'), lead.patid === null ? '' : `#${lead.patid}`],
          [t('field.conversionDate'), formatDate(lead.conversionDate)],
          [t('field.watchers'), lead.watchers.map((w) => userName(w.userId)).join(', ')],
          [t('field.reasonDisqualified'), labelOf(ref?.disqualification, lead.reasonDisqualified)],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('group.contact')}
        rows={[
          [t('field.salutation'), c.salutation],
          [t('field.title'), c.title],
          [t('field.firstname'), c.firstname],
          [t('field.lastname'), c.lastname],
          [t('field.alias'), c.alias],
          [t('field.gender'), gender(c.gender)],
          [t('field.dob'), formatDate(c.dob)],
          [t('field.civilStatus'), c.civilStatus],
          [t('field.nationality'), c.nationality],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('group.address')}
        rows={[
          [t('field.street'), a.street],
          [t('field.zip'), a.zip],
          [t('field.city'), a.city],
          [t('field.country'), a.country],
          [t('field.countryCode'), a.countryCode],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('group.communication')}
        rows={[
          [t('field.mail'), m.mail],
          [t('field.mail2'), m.mail2],
          [t('field.phone'), m.phone],
          [t('field.phone2'), m.phone2],
          [t('field.mobile'), m.mobile],
          [t('field.mobile2'), m.mobile2],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('group.medical')}
        rows={[
          [t('field.bloodType'), med.bloodType],
          [t('field.height'), med.height === null ? '' : `${med.height} cm`],
          [t('field.weight'), med.weight === null ? '' : `${med.weight} kg`],
          [t('field.job'), med.job],
          ...hx.map(([key, value]): [string, ReactNode] => [
            t('field.hx', { key }),
            value === null ? '' : typeof value === 'boolean' ? yesNo(value) : String(value),
          ]),
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('group.insurance')}
        rows={[
          [t('field.kvg'), ins.kvg],
          [t('field.kvgPoliceNr'), ins.kvgPoliceNr],
          [t('field.vvg'), ins.vvg],
          [t('field.payerType'), ins.payerType],
        ]}
      />
      <Fields
        order={headingOrder}
        title={t('group.commercial')}
        rows={[
          [t('field.revenue'), formatChf(com.revenue)],
          [t('field.costs'), formatChf(com.costs)],
          [t('field.nextStep'), com.nextStep ?? ''],
          [t('field.newsletter'), yesNo(com.newsletter)],
          [t('field.dataProcessing'), yesNo(com.dataProcessing)],
        ]}
      />
      {lead.deleted && (
        <Fields
          order={headingOrder}
          title={t('group.deletion')}
          rows={[
            [t('field.deletedBy'), userName(lead.deletedBy)],
            [t('field.deletedTime'), formatDateTime(lead.deletedTime)],
            [t('field.reasonDeleted'), lead.reasonDeleted],
          ]}
        />
      )}
    </SimpleGrid>
  );
}
