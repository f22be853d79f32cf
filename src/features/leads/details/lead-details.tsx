import { Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBan,
  IconInfoCircle,
  IconRestore,
  IconTrash,
  IconUserCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opScope } from '#api/queries.ts';
import { canUpdateLeadQuery, historyOf, leadQuery, restoreLeadMutation } from '#api/sales.ts';
import { useUserName } from '#api/system.ts';
import { folderName } from '#components/codes.ts';
import { formatDate, formatDateTime } from '#components/format.ts';
import { useMessageWords } from '#components/messages.ts';
import { EmptyState, ErrorState, failedWithoutData, RefreshFailed } from '#components/states.tsx';
import { disqualifiedFolderIds, type Folder, type Lead } from '#contract/sales.ts';
import { leadName } from '../board/lead.ts';
import { AssignDialog } from '../dialogs/assign-dialog.tsx';
import { ConvertDialog } from '../dialogs/convert-dialog.tsx';
import { DeleteLeadDialog } from '../dialogs/delete-lead-dialog.tsx';
import { DisqualifyDialog } from '../dialogs/disqualify-dialog.tsx';
import { MoveDialog } from '../dialogs/move-dialog.tsx';
import { referenceQuery } from '../shared/queries.ts';
import { DetailsAdmissions } from './admissions.tsx';
import { DetailsData } from './data.tsx';
import { DetailsPatientLink } from './patient-link.tsx';
import { DetailsTimeline } from './timeline.tsx';

export interface LeadDetailsProps {
  leadId: number;
  /** The page shows the name as its h1 already; the board's drawer does not. */
  hideName?: boolean;
}

type DialogName = 'move' | 'assign' | 'disqualify' | 'convert' | 'delete';

/** Everything about one lead: its data, what can be done next, its history, admissions and patient link. */
export function LeadDetails({ leadId, hideName }: LeadDetailsProps) {
  const { t } = useTranslation('leadDetails');
  const query = useQuery(leadQuery(leadId));
  const reference = useQuery(referenceQuery());

  if (query.isPending) return <DetailsSkeleton />;
  // A refetch that failed keeps the lead on screen, and with it a form open on it with what was typed (0039).
  if (failedWithoutData(query))
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const lead = query.data;
  if (!lead) return <EmptyState title={t('notFound')} description={t('notFoundHint')} />;
  return (
    <>
      <RefreshFailed query={query} />
      <LeadDetailsView lead={lead} folders={reference.data?.folders ?? []} hideName={hideName} />
    </>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation('leadDetails');
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('loading')} role="status">
      <Skeleton height={32} width="40%" />
      <Skeleton height={20} width="60%" />
      <Skeleton height={36} />
      <Skeleton height={160} />
    </Stack>
  );
}

/** The folder's label; `#7` for one the reference data does not know. */
export function folderLabel(folders: readonly Folder[], folderId: number): string {
  const folder = folders.find((f) => f.folderId === folderId);
  return folder ? folderName(folder) : `#${folderId}`;
}

function LeadDetailsView({ lead, folders, hideName }: { lead: Lead; folders: Folder[]; hideName?: boolean }) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const userName = useUserName();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [tab, setTab] = useState<string | null>('timeline');
  const restore = useMutation(restoreLeadMutation({ silent: true }));
  const canUpdate = useQuery({ ...canUpdateLeadQuery(lead.leadId), enabled: !lead.deleted });

  const close = () => setDialog(null);
  // The dialogs refresh the lists; the timeline gets the folder or assignee change they wrote.
  const done = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: historyOf(lead.leadId) });
    void queryClient.invalidateQueries({ queryKey: opScope('getLeads') });
  };

  const disqualified = (disqualifiedFolderIds as readonly number[]).includes(lead.folderId);
  const converted = lead.conversionDate !== null;
  const name = leadName(lead);

  // On the page the name is the h1 and sections are h2; in the drawer (title h2, name h2) they are h3.
  const order = hideName ? 2 : 3;

  return (
    <Stack gap="md">
      <Stack gap={6}>
        {!hideName && (
          <Title order={2} size="h3">
            {name}
          </Title>
        )}
        <Group gap="xs" aria-label={t('status')} role="group">
          <Badge variant="light" color={lead.ispatient === 1 ? 'teal' : 'grape'}>
            {lead.ispatient === 1 ? t('pipeline.patient') : t('pipeline.contact')}
          </Badge>
          <Badge variant="outline">{t('inFolder', { folder: folderLabel(folders, lead.folderId) })}</Badge>
          {lead.deleted && <Badge color="red.9">{t('deletedBadge')}</Badge>}
          {lead.patid !== null && (
            <Badge color="blue" variant="light">
              {t('linkedBadge', { patid: lead.patid })}
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {lead.assigneeId ? t('assignedTo', { name: userName(lead.assigneeId) }) : t('unassigned')}
          </Text>
        </Group>
      </Stack>

      {lead.deleted ? (
        <Alert color="red" variant="light" title={t('deletedTitle')} icon={<IconTrash aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('deletedBy', {
                name: userName(lead.deletedBy) || t('someone'),
                when: formatDateTime(lead.deletedTime),
              })}
            </Text>
            <Text size="sm">{t('deletedReason', { reason: lead.reasonDeleted || '—' })}</Text>
            {restore.isError && (
              <Text size="sm" c="red.9" role="alert">
                {words.error(restore.error)}
              </Text>
            )}
            <Button
              leftSection={<IconRestore size={16} aria-hidden />}
              loading={restore.isPending}
              onClick={() => restore.mutate(lead.leadId)}
            >
              {t('restore')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Group gap="xs" role="group" aria-label={t('actions')}>
          <Button
            variant="default"
            leftSection={<IconArrowsExchange size={16} aria-hidden />}
            onClick={() => setDialog('move')}
          >
            {t('action.move')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setDialog('assign')}
          >
            {t('action.assign')}
          </Button>
          {!converted && (
            <Button
              variant="default"
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => setDialog('convert')}
            >
              {t('action.convert')}
            </Button>
          )}
          {!disqualified && (
            <Button
              variant="default"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={() => setDialog('disqualify')}
            >
              {t('action.disqualify')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDialog('delete')}
          >
            {t('action.delete')}
          </Button>
        </Group>
      )}

      <Alert variant="light" color="indigo" icon={<IconInfoCircle aria-hidden />}>
        <Text size="sm">{t(canUpdate.data ? 'edit.whatCanChange' : 'whatCanChange')}</Text>
      </Alert>

      {lead.admissionDate && (
        <Text size="sm">{t('admissionDateLine', { date: formatDate(lead.admissionDate) })}</Text>
      )}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="timeline">{t('tab.timeline')}</Tabs.Tab>
          <Tabs.Tab value="data">{t('tab.data')}</Tabs.Tab>
          <Tabs.Tab value="admissions">{t('tab.admissions')}</Tabs.Tab>
          <Tabs.Tab value="patient">{t('tab.patient')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="timeline" pt="md">
          <DetailsTimeline lead={lead} headingOrder={order} />
        </Tabs.Panel>
        <Tabs.Panel value="data" pt="md">
          <DetailsData lead={lead} folders={folders} headingOrder={order} />
        </Tabs.Panel>
        <Tabs.Panel value="admissions" pt="md">
          <DetailsAdmissions lead={lead} headingOrder={order} />
        </Tabs.Panel>
        <Tabs.Panel value="patient" pt="md">
          <DetailsPatientLink lead={lead} headingOrder={order} />
        </Tabs.Panel>
      </Tabs>

      {!lead.deleted && (
        <>
          <MoveDialog lead={lead} opened={dialog === 'move'} onClose={close} onDone={done} />
          <AssignDialog lead={lead} opened={dialog === 'assign'} onClose={close} onDone={done} />
          <ConvertDialog lead={lead} opened={dialog === 'convert'} onClose={close} onDone={done} />
          <DisqualifyDialog lead={lead} opened={dialog === 'disqualify'} onClose={close} onDone={done} />
          <DeleteLeadDialog lead={lead} opened={dialog === 'delete'} onClose={close} onDone={done} />
        </>
      )}
    </Stack>
  );
}
