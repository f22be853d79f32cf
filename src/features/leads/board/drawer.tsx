import { Anchor, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { leadQuery } from '#api/sales/leads.ts';
import { LazySideDrawer } from '#components/lazy-dialog.tsx';
import { lazyPart } from '#components/lazy-part.tsx';
import { LoadingState } from '#components/states.tsx';
import { loadNamespace } from '#i18n/index.ts';
import { leadName } from './lead.ts';

// The details are their own chunk, their strings (namespace `leadDetails`) loaded with them: the board does not wait
// for them.
const LeadDetails = lazyPart(() =>
  Promise.all([import('../details/lead-details.tsx'), loadNamespace('leadDetails', 'patients')]).then(
    ([m]) => m.LeadDetails,
  ),
);

export interface LeadDrawerProps {
  leadId: number | null;
  onClose: () => void;
}

/** A lead opened on the board: its details beside the columns, and the way to its full page. */
export function LeadDrawer({ leadId, onClose }: LeadDrawerProps) {
  const { t } = useTranslation('leads');
  const lead = useQuery({ ...leadQuery(leadId ?? 0), enabled: leadId !== null });
  const title = lead.data ? leadName(lead.data) : t('drawer.title');
  return (
    <LazySideDrawer opened={leadId !== null} onClose={onClose} title={title} closeLabel={t('drawer.close')}>
      {leadId !== null && (
        <>
          <Group justify="flex-end" mb="sm">
            <Anchor component={Link} to={`/leads/${leadId}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconExternalLink size={14} aria-hidden />
                {t('drawer.fullPage')}
              </Group>
            </Anchor>
          </Group>
          <Suspense fallback={<LoadingState />}>
            <LeadDetails leadId={leadId} hideName />
          </Suspense>
        </>
      )}
    </LazySideDrawer>
  );
}
