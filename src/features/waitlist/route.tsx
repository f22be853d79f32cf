import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconListDetails, IconPencil, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { modifyWaitlistEntryMutation, waitlistQuery } from '#api/agenda/waitlist.ts';
import { servicesQuery } from '#api/booking.ts';
import { isApiError } from '#api/client.ts';
import { providerLabel } from '#api/name-format.ts';
import { opScope } from '#api/queries.ts';
import { allProvidersQuery, customerQuery, isMissingOperation } from '#api/system.ts';
import { formatDate } from '#components/format.ts';
import { useMessageWords } from '#components/messages.ts';
import { Page } from '#components/page.tsx';
import { patientName } from '#components/patient-criteria.ts';
import { usePracticeToday } from '#components/practice-clock.ts';
import { EmptyState, ErrorState, LoadingState, RefreshFailed } from '#components/states.tsx';
import { offerUndo } from '#components/undo.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import {
  LazyWaitlistEntryDialog,
  type WaitlistDialogTarget,
} from '#components/waitlist/lazy-entry-dialog.tsx';
import { priorityKey, windowText } from '#components/waitlist/words.ts';
import { type WaitlistEntry, waitlistMessages, waitlistStatuses } from '#contract/agenda-waitlist.ts';
import { dayDiff } from './days.ts';

const filters = [...waitlistStatuses, 'all'] as const;
type Filter = (typeof filters)[number];

function readFilter(value: string | null): Filter {
  return filters.find((f) => f === value) ?? 'waiting';
}

// Urgent stands out filled; high and normal in the light variant (white on orange is too faint to read).
const priorityColor = { urgent: 'red.9', high: 'orange', normal: 'gray' } as const;

/**
 * `/agenda/waitlist`: who waits for what, in the service's order (urgent first, then the longest waiting); a filter
 * by status in the address; edit in the dialog, withdraw with Undo. `?add=<patid>` (Ctrl+K's "Waiting list") opens
 * the dialog for that patient. A practice server without a waiting list (404) is said as such.
 */
export function Component() {
  const { t } = useTranslation('waitlist');
  const [params, setParams] = useUrlParams();
  const status = readFilter(params.get('status'));
  const query = useQuery(waitlistQuery(status === 'waiting' ? {} : { status }));
  const [target, setTarget] = useState<WaitlistDialogTarget | null>(null);

  // Ctrl+K's "Waiting list" for a patient: the dialog for them, once (the address forgets it).
  const addParam = params.get('add');
  useEffect(() => {
    if (addParam === null) return;
    const patid = /^\d{1,9}$/.test(addParam) ? Number(addParam) : 0;
    setTarget({ kind: 'add', preset: patid > 0 ? { patid } : {} });
    const next = new URLSearchParams(params);
    next.delete('add');
    setParams(next, { replace: true });
  }, [addParam, params, setParams]);

  const unavailable = isMissingOperation(query.error);

  return (
    <Page
      title={t('title')}
      actions={
        <>
          <Button
            component={Link}
            to="/agenda"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('back')}
          </Button>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setTarget({ kind: 'add', preset: {} })}
            disabled={unavailable}
          >
            {t('add')}
          </Button>
        </>
      }
    >
      <LazyWaitlistEntryDialog target={target} onClose={() => setTarget(null)} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text c="dimmed" size="sm" maw={640}>
          {t('intro')}
        </Text>
        <NativeSelect
          label={t('statusFilter')}
          w={200}
          value={status}
          data={filters.map((f) => ({ value: f, label: t(`status.${f}`) }))}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.currentTarget.value === 'waiting') next.delete('status');
            else next.set('status', e.currentTarget.value);
            setParams(next, { replace: true });
          }}
        />
      </Group>
      {unavailable ? (
        <Alert color="blue" variant="light" title={t('unavailable.title')} data-testid="waitlist-unavailable">
          {t('unavailable.text')}
        </Alert>
      ) : query.isPending ? (
        <LoadingState />
      ) : query.data === undefined ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <RefreshFailed query={query} />
          {query.data.length === 0 ? (
            <EmptyState
              icon={<IconListDetails size={32} stroke={1.5} aria-hidden />}
              title={status === 'waiting' ? t('empty.title') : t('empty.filtered')}
              description={status === 'waiting' ? t('empty.text') : undefined}
            />
          ) : (
            <>
              <Text size="sm" role="status">
                {t('count', { count: query.data.length })}
              </Text>
              <Stack gap="xs" component="ul" aria-label={t('table.caption')} p={0} m={0}>
                {query.data.map((entry) => (
                  <EntryCard
                    key={entry.entryId}
                    entry={entry}
                    onEdit={() => setTarget({ kind: 'edit', entry })}
                  />
                ))}
              </Stack>
            </>
          )}
        </>
      )}
    </Page>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function EntryCard({ entry, onEdit }: { entry: WaitlistEntry; onEdit: () => void }) {
  const { t } = useTranslation('waitlist');
  const words = useMessageWords();
  const today = usePracticeToday();
  const queryClient = useQueryClient();
  const patient = useQuery(customerQuery(entry.patid));
  const services = useQuery(servicesQuery());
  const providers = useQuery(allProvidersQuery());
  const modify = useMutation(modifyWaitlistEntryMutation());

  const name = patient.data ? patientName(patient.data) : t('patientUnknown', { patid: entry.patid });
  const service =
    entry.serviceid === 0
      ? t('anyService')
      : (services.data?.find((s) => s.serviceid === entry.serviceid)?.name ?? `#${entry.serviceid}`);
  const practitioner = providers.data?.find((p) => p.userid === entry.provider);
  const provider =
    entry.provider === 0
      ? t('anyProvider')
      : practitioner
        ? providerLabel(practitioner)
        : `#${entry.provider}`;
  const sinceDay = entry.created.slice(0, 10);
  const waited = dayDiff(sinceDay, today);
  const priority = priorityKey(entry.priority);
  const open = entry.status === 'waiting' || entry.status === 'offered';

  const withdraw = async () => {
    const previous = entry.status;
    try {
      await modify.mutateAsync({ entryId: entry.entryId, ifVersion: entry.version, status: 'withdrawn' });
    } catch (error) {
      const changed = isApiError(error) && error.msg === waitlistMessages.changed;
      notifications.show({
        color: changed ? 'orange' : 'red',
        title: t('withdrawFailed'),
        message: changed ? t('withdrawChanged') : words.error(error),
      });
      if (changed) void queryClient.invalidateQueries({ queryKey: opScope('getWaitlist') });
      return;
    }
    offerUndo({
      message: t('withdrawn', { patient: name }),
      // The entry as it was: its status back, over the version the withdrawal made.
      onUndo: () =>
        modify.mutateAsync({ entryId: entry.entryId, ifVersion: entry.version + 1, status: previous }),
    });
  };

  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }} data-testid="waitlist-entry">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap" align="baseline">
          <Badge color={priorityColor[priority]} variant={priority === 'urgent' ? 'filled' : 'light'}>
            {t(`priority.${priority}`)}
          </Badge>
          <Anchor component={Link} to={`/patients/${entry.patid}`} fw={700}>
            {name}
          </Anchor>
          {patient.data?.dob && (
            <Text size="sm" c="dimmed">
              {formatDate(patient.data.dob)}
            </Text>
          )}
          {entry.status !== 'waiting' && (
            <Badge variant="outline" color="gray">
              {t(`status.${entry.status}`)}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
            aria-label={t('editFor', { patient: name })}
          >
            {t('edit')}
          </Button>
          {open && (
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconUserMinus size={14} aria-hidden />}
              onClick={() => void withdraw()}
              loading={modify.isPending}
              aria-label={t('withdrawFor', { patient: name })}
            >
              {t('withdraw')}
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 5 }}
        spacing="sm"
        verticalSpacing={6}
        component="dl"
        mt="xs"
        mb={0}
        mx={0}
      >
        <Fact label={t('table.wants')}>{service}</Fact>
        <Fact label={t('table.provider')}>{provider}</Fact>
        <Fact label={t('table.window')}>{windowText(entry, t)}</Fact>
        <Fact label={t('table.times')}>{t(`times.${entry.times}`)}</Fact>
        <Fact label={t('table.since')}>
          {formatDate(sinceDay)} · {waited > 0 ? t('days', { count: waited }) : t('today')}
        </Fact>
      </SimpleGrid>
      {entry.note && (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.note}
        </Text>
      )}
    </Paper>
  );
}
