import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { leadQuery } from '#api/sales.ts';
import { Page } from '#components/page.tsx';
import { NotFound } from '#components/route-error.tsx';
import { UnsavedChangesScope } from '#components/unsaved-changes.tsx';
import { leadName } from '../board/lead.ts';
import { NewLeadForm } from '../new-lead/form.tsx';
import { DeletedLeadsPage } from './deleted-leads.tsx';
import { LeadDetails } from './lead-details.tsx';

/** `/leads/:leadId`: one lead; `new` is the new-lead form, `deleted` the list of deleted leads. */
export function Component() {
  const { leadId = '' } = useParams();
  if (leadId === 'new') return <NewLeadPage />;
  if (leadId === 'deleted') return <DeletedLeadsPage />;
  const id = /^\d+$/.test(leadId) ? Number(leadId) : 0;
  if (id <= 0 || !Number.isSafeInteger(id)) return <NotFound />;
  return <LeadPage leadId={id} />;
}

function BackToBoard() {
  const { t } = useTranslation('leads');
  return (
    <Anchor component={Link} to="/leads">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('details.backToBoard')}
      </Group>
    </Anchor>
  );
}

function LeadPage({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leads');
  const lead = useQuery(leadQuery(leadId)).data;
  const title = lead ? leadName(lead) : t('details.pageTitle', { id: leadId });
  return (
    <Page title={title} actions={<BackToBoard />}>
      <UnsavedChangesScope
        includeSearch
        title={t('details.unsaved.title')}
        message={t('details.unsaved.message')}
        stayLabel={t('details.unsaved.stay')}
        leaveLabel={t('details.unsaved.leave')}
      >
        <LeadDetails key={leadId} leadId={leadId} hideName />
      </UnsavedChangesScope>
    </Page>
  );
}

function NewLeadPage() {
  const { t } = useTranslation('leads');
  return (
    <Page title={t('details.newLead.title')} actions={<BackToBoard />}>
      <NewLeadForm />
    </Page>
  );
}
