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
  const { t } = useTranslation('leadDetails');
  return (
    <Anchor component={Link} to="/leads">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('backToBoard')}
      </Group>
    </Anchor>
  );
}

function LeadPage({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leadDetails');
  const lead = useQuery(leadQuery(leadId)).data;
  const title = lead ? leadName(lead) : t('pageTitle', { id: leadId });
  return (
    <Page title={title} actions={<BackToBoard />}>
      <UnsavedChangesScope
        includeSearch
        title={t('unsaved.title')}
        message={t('unsaved.message')}
        stayLabel={t('unsaved.stay')}
        leaveLabel={t('unsaved.leave')}
      >
        <LeadDetails key={leadId} leadId={leadId} hideName />
      </UnsavedChangesScope>
    </Page>
  );
}

function NewLeadPage() {
  const { t } = useTranslation('leadDetails');
  return (
    <Page title={t('newLead.title')} actions={<BackToBoard />}>
      <NewLeadForm />
    </Page>
  );
}
