import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus, IconListDetails, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { customerQuery } from '#api/system.ts';
import { formatDate } from '#components/format.ts';
import { Page } from '#components/page.tsx';
import { patientName } from '#components/patient-criteria.ts';
import { ErrorState, failedWithoutData, RefreshFailed } from '#components/states.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import {
  LazyWaitlistEntryDialog,
  type WaitlistDialogTarget,
} from '#components/waitlist/lazy-entry-dialog.tsx';
import type { Patient } from '#contract/system.ts';
import { formatAhv } from '#contract/text-match.ts';
import { AppointmentsPanel } from './components/appointments-panel.tsx';
import { EditPatientDialog } from './components/edit-patient-dialog.tsx';
import { JournalPanel } from './components/journal-panel.tsx';
import { LeadsPanel } from './components/leads-panel.tsx';
import { RecallsPanel } from './components/recalls-panel.tsx';

const tabs = ['journal', 'appointments', 'recalls', 'leads'] as const;
type Tab = (typeof tabs)[number];

/** `/patients/:patid`: master data, then journal, appointments, recalls and linked leads (tab in the URL). */
export function Component() {
  const { t } = useTranslation('patients');
  const { patid: raw } = useParams();
  const patid = /^\d+$/.test(raw ?? '') ? Number(raw) : 0;
  const [params, setParams] = useUrlParams();
  const tabParam = params.get('tab');
  const tab: Tab = (tabs as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'journal';
  const query = useQuery({ ...customerQuery(patid), enabled: patid > 0 });

  const back = (
    <Anchor component={Link} to="/patients" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('patient.back')}
      </Group>
    </Anchor>
  );

  if (patid <= 0) {
    return (
      <Page title={t('patient.notFound')}>
        {back}
        <Text>{t('patient.invalidId')}</Text>
      </Page>
    );
  }

  const title = query.data ? patientName(query.data) || t('unnamed') : t('patient.title', { id: patid });

  return (
    <Page title={title} actions={back}>
      {/* The last data stay while a refetch fails: the data form open above them keeps what was typed (0039). */}
      {query.isPending ? (
        <Skeleton height={140} />
      ) : query.data === undefined ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <MasterData
          refresh={<RefreshFailed query={query} />}
          patient={query.data}
          editing={params.get('edit') === '1'}
          onEdit={(open) => {
            const next = new URLSearchParams(params);
            if (open) next.set('edit', '1');
            else next.delete('edit');
            setParams(next, { replace: true });
          }}
        />
      )}
      {!failedWithoutData(query) && (
        <Tabs
          value={tab}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            next.set('tab', v ?? 'journal');
            setParams(next, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List>
            {tabs.map((k) => (
              <Tabs.Tab key={k} value={k}>
                {t(`patient.tabs.${k}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="journal" pt="md">
            <JournalPanel patid={patid} />
          </Tabs.Panel>
          <Tabs.Panel value="appointments" pt="md">
            <AppointmentsPanel patid={patid} />
          </Tabs.Panel>
          <Tabs.Panel value="recalls" pt="md">
            <RecallsPanel patid={patid} />
          </Tabs.Panel>
          <Tabs.Panel value="leads" pt="md">
            <LeadsPanel patid={patid} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Page>
  );
}

/** Age in whole years on the practice's today. */
function age(dob: string | null): number | null {
  if (!dob) return null;
  const [y, m, d] = dob.split('-').map(Number);
  const now = new Date();
  let years = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) years--;
  return years >= 0 ? years : null;
}

function MasterData({
  patient: p,
  editing,
  onEdit,
  refresh,
}: {
  patient: Patient;
  /** Above the data when they could not be renewed (shown as last loaded; the data form stays open). */
  refresh: ReactNode;
  /** The data form is open (`?edit=1`: a failed recall links here to mend the address). */
  editing: boolean;
  onEdit: (open: boolean) => void;
}) {
  const { t } = useTranslation('patients');
  const deleted = p.deleted === '1';
  const years = age(p.dob);
  const [waitlist, setWaitlist] = useState<WaitlistDialogTarget | null>(null);
  const item = (label: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {value || '—'}
      </Text>
    </div>
  );
  return (
    <Paper withBorder p="md" component="section" aria-label={t('patient.masterData')}>
      <EditPatientDialog patient={p} opened={editing && !deleted} onClose={() => onEdit(false)} />
      <LazyWaitlistEntryDialog target={waitlist} onClose={() => setWaitlist(null)} />
      <Stack gap="sm">
        {refresh}
        <Group justify="space-between" wrap="wrap" gap="xs">
          {deleted ? (
            <Badge color="red.9" variant="filled">
              {t('deleted')}
            </Badge>
          ) : (
            <span />
          )}
          {deleted ? (
            <Group gap="xs" wrap="wrap" justify="flex-end">
              <Text size="sm" c="dimmed" id={`deleted-reason-${p.patid}`}>
                {t('patient.deletedReadOnly')}
              </Text>
              {/* Shown, but not offered: the reason beside it says why (a deleted patient is never booked). */}
              <Button
                size="xs"
                disabled
                aria-describedby={`deleted-reason-${p.patid}`}
                leftSection={<IconCalendarPlus size={14} aria-hidden />}
              >
                {t('patient.book')}
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => onEdit(true)}
              >
                {t('patient.edit')}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconListDetails size={14} aria-hidden />}
                onClick={() => setWaitlist({ kind: 'add', preset: { patid: p.patid } })}
              >
                {t('patient.waitlist')}
              </Button>
              <Button
                component={Link}
                to={`/booking?patid=${p.patid}`}
                size="xs"
                leftSection={<IconCalendarPlus size={14} aria-hidden />}
              >
                {t('patient.book')}
              </Button>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          {item(t('fields.patid'), p.patid)}
          {item(t('fields.title'), p.title)}
          {item(
            t('fields.gender'),
            p.gender === 'female' || p.gender === 'male' ? t(`gender.${p.gender}`) : p.gender,
          )}
          {item(
            t('fields.dob'),
            p.dob
              ? `${formatDate(p.dob)}${years !== null ? ` (${t('patient.age', { count: years })})` : ''}`
              : '',
          )}
          {item(
            t('fields.address'),
            [p.street, [p.zip, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          )}
          {item(
            t('fields.country'),
            [p.country, p.countrycode ? `(${p.countrycode.toUpperCase()})` : ''].filter(Boolean).join(' '),
          )}
          {item(t('fields.tel'), p.tel ? <Anchor href={`tel:${p.tel}`}>{p.tel}</Anchor> : '')}
          {item(t('fields.mobile'), p.mobile ? <Anchor href={`tel:${p.mobile}`}>{p.mobile}</Anchor> : '')}
          {item(t('fields.mail'), p.mail ? <Anchor href={`mailto:${p.mail}`}>{p.mail}</Anchor> : '')}
          {item(t('fields.ahv'), p.AHV ? formatAhv(p.AHV) : '')}
          {item(
            t('fields.language'),
            (['de', 'fr', 'it', 'en'] as const).find((l) => l === p.language)
              ? t(`languages.${p.language as 'de' | 'fr' | 'it' | 'en'}`)
              : p.language,
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
