import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconClockPlus, IconPhone } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  bookIntoGap,
  GapTaken,
  LaterChanged,
  moveEarlier,
  undoBooking,
  undoMoveEarlier,
} from '#api/agenda/gap-writes.ts';
import { waitlistQuery } from '#api/agenda/waitlist.ts';
import {
  calendarsQuery,
  type DayAppointment,
  isDayAppointment,
  liveOptions,
  practiceAppointmentsQuery,
} from '#api/agenda.ts';
import { servicesQuery } from '#api/booking.ts';
import { createOnceState } from '#api/create-once.ts';
import { readFreedTime, subscribeFreedTime } from '#api/freed-time.ts';
import { recallsQuery } from '#api/recall.ts';
import { customerQuery, isMissingOperation } from '#api/system.ts';
import { useNow } from '#components/day-sections.ts';
import { formatDate, formatTime, intlLocale, practiceToday, toPracticeDateTime } from '#components/format.ts';
import { patientName } from '#components/patient-criteria.ts';
import { describeError } from '#components/states.tsx';
import { offerUndo } from '#components/undo.tsx';
import { addDays } from '#contract/practice-time.ts';
import {
  type Candidate,
  candidatesFor,
  findGaps,
  GAP_DAYS,
  type Gap,
  type GapContext,
  LATER_DAYS,
} from './model.ts';

/** Gaps listed before "show all". */
const FIRST_GAPS = 5;

export interface GapPanelProps {
  /** The calendars shown (null: all). */
  calendars: readonly number[] | null;
  /** Open at first (Today); the agenda shows only the heading until asked. */
  initiallyOpen?: boolean;
}

/**
 * Freed time and who could fill it (issue 37, decision 0051), on Today and in the agenda: every gap from now to
 * the end of the coming week (when, whose calendar, how long, why), and for the one opened its ranked candidates
 * with their phone and one action. Loaded as a part, after the page (the waiting list's operations register here).
 */
export function GapPanel({ calendars, initiallyOpen = true }: GapPanelProps) {
  const { t, i18n } = useTranslation('gaps');
  const nowMs = useNow();
  const now = toPracticeDateTime(new Date(nowMs));
  const today = practiceToday(new Date(nowMs));
  const until = addDays(today, GAP_DAYS - 1);
  const [open, setOpen] = useState(initiallyOpen);
  const [showAll, setShowAll] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  // What a booking or move that did not go through says: here, not in the gap's item, as a taken gap goes with the
  // lists read again.
  const [failure, setFailure] = useState<string | null>(null);
  const listId = useId();

  const items = useQuery({
    ...practiceAppointmentsQuery({ from: today, until: addDays(today, LATER_DAYS - 1) }),
    ...liveOptions,
  });
  // Read as the page has it: a server without getCalendars (404) is not asked again because the panel mounted (an
  // error without data would go back to pending, and the agenda, which reads the same query, to its loading state).
  const calendarsQ = useQuery({ ...calendarsQuery(), retryOnMount: false, refetchOnMount: false });
  const freed = useSyncExternalStore(subscribeFreedTime, readFreedTime);

  const listed = (items.data ?? []).filter(isDayAppointment);
  const all = items.data ? findGaps(listed, freed, now, until) : [];
  const gaps = all.filter((g) => calendars === null || calendars.includes(g.calendarid));
  const shown = showAll ? gaps : gaps.slice(0, FIRST_GAPS);

  const calendarName = (id: number) =>
    calendarsQ.data?.find((c) => c.calendarid === id)?.name ??
    listed.find((a) => a.calendarid === id)?.calendar ??
    t('calendar', { id });
  const providerOf = (id: number) => calendarsQ.data?.find((c) => c.calendarid === id)?.provider ?? null;

  const weekday = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage), {
    weekday: 'short',
    timeZone: 'UTC',
  });
  const when = (g: Gap) => {
    const day = g.start.slice(0, 10);
    const name =
      day === today ? t('today') : `${weekday.format(new Date(`${day}T12:00:00Z`))} ${formatDate(day)}`;
    return t('when', { day: name, from: formatTime(g.start), to: formatTime(g.end) });
  };

  const headingId = `${listId}-heading`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <IconClockPlus size={20} aria-hidden />
          <Title order={2} size="h4" id={headingId}>
            {t('title')}
          </Title>
          {items.data && (
            <Badge variant="light" color={gaps.length > 0 ? 'teal' : 'gray'}>
              {gaps.length}
            </Badge>
          )}
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('hide') : t('show')}
        </Button>
      </Group>
      {open && (
        <Stack gap="xs" mt="xs" id={listId}>
          {failure && (
            <Alert
              color="red"
              role="alert"
              withCloseButton
              closeButtonLabel={t('dialog.close', { ns: 'common' })}
              onClose={() => setFailure(null)}
            >
              {failure}
            </Alert>
          )}
          {items.isPending ? (
            <Text size="sm" c="dimmed">
              {t('loading')}
            </Text>
          ) : items.isError && !items.data ? (
            <Alert color="red" role="alert">
              {t('failed', { msg: describeError(items.error, t) })}
            </Alert>
          ) : gaps.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('none', { date: formatDate(until) })}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('intro', { date: formatDate(until) })}
              </Text>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {shown.map((g) => (
                  <GapItem
                    key={g.key}
                    gap={g}
                    when={when(g)}
                    calendarName={calendarName(g.calendarid)}
                    provider={providerOf(g.calendarid)}
                    listed={listed}
                    now={now}
                    today={today}
                    open={chosen === g.key}
                    onToggle={() => setChosen((c) => (c === g.key ? null : g.key))}
                    onFailure={setFailure}
                  />
                ))}
              </ul>
              {gaps.length > FIRST_GAPS && (
                <Button variant="subtle" size="compact-sm" onClick={() => setShowAll((s) => !s)}>
                  {showAll ? t('fewer') : t('all', { count: gaps.length })}
                </Button>
              )}
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}

interface GapItemProps {
  gap: Gap;
  when: string;
  calendarName: string;
  provider: number | null;
  listed: readonly DayAppointment[];
  now: string;
  today: string;
  open: boolean;
  onToggle: () => void;
  onFailure: (message: string | null) => void;
}

function GapItem({
  gap,
  when,
  calendarName,
  provider,
  listed,
  now,
  today,
  open,
  onToggle,
  onFailure,
}: GapItemProps) {
  const { t } = useTranslation('gaps');
  const candidatesId = useId();
  return (
    <li style={{ borderTop: '1px solid var(--mantine-color-default-border)', padding: '8px 0' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{when}</Text>
          <Text>{calendarName}</Text>
          <Text c="dimmed">{t('minutes', { count: gap.minutes })}</Text>
          <Badge variant="outline" color="gray" size="sm">
            {t(`cause.${gap.cause}`)}
          </Badge>
        </Group>
        <Button
          size="compact-sm"
          variant={open ? 'filled' : 'light'}
          aria-expanded={open}
          aria-controls={candidatesId}
          aria-label={t('actionFor', { action: t('find'), name: `${when}, ${calendarName}` })}
          onClick={onToggle}
        >
          {t('find')}
        </Button>
      </Group>
      {open && (
        <div id={candidatesId}>
          <Candidates
            gap={gap}
            provider={provider}
            listed={listed}
            now={now}
            today={today}
            onFailure={onFailure}
          />
        </div>
      )}
    </li>
  );
}

function Candidates({
  gap,
  provider,
  listed,
  now,
  today,
  onFailure,
}: {
  gap: Gap;
  provider: number | null;
  listed: readonly DayAppointment[];
  now: string;
  today: string;
  onFailure: (message: string | null) => void;
}) {
  const { t } = useTranslation('gaps');
  const queryClient = useQueryClient();
  const services = useQuery(servicesQuery());
  const waitlist = useQuery(waitlistQuery());
  const recalls = useQuery({
    ...recallsQuery({ mandant: provider ?? 0, until: today }),
    enabled: provider !== null,
  });
  const once = useRef(createOnceState());
  const [busy, setBusy] = useState<number | null>(null);

  if (services.isPending || waitlist.isPending || (provider !== null && recalls.isPending))
    return (
      <Text size="sm" c="dimmed" py={4}>
        {t('candidates.loading')}
      </Text>
    );
  if (services.isError && !services.data)
    return (
      <Alert color="red" role="alert" mt={4}>
        {t('failed', { msg: describeError(services.error, t) })}
      </Alert>
    );
  const noWaitlist = waitlist.isError && isMissingOperation(waitlist.error);
  const ctx: GapContext = { provider, services: services.data, now };
  const candidates = candidatesFor(
    gap,
    { waitlist: waitlist.data ?? [], items: listed, recalls: recalls.data ?? [] },
    ctx,
  );

  const act = async (c: Candidate, name: string) => {
    setBusy(c.patid);
    onFailure(null);
    const at = `${formatDate(c.start)} ${formatTime(c.start)}`;
    try {
      if (c.kind === 'later') {
        const moved = await moveEarlier(queryClient, {
          appt: c.appt,
          span: { start: c.start, end: c.end },
          provider,
          services: services.data,
          now,
        });
        offerUndo({
          message: t('moved', { name, at }),
          onUndo: async () => {
            await undoMoveEarlier(queryClient, moved);
            notifications.show({ message: t('movedBack', { name }) });
          },
        });
      } else {
        const entry = c.kind === 'waiting' ? c.entry : undefined;
        const booked = await bookIntoGap(queryClient, once.current, {
          calendarid: gap.calendarid,
          patid: c.patid,
          service: c.service,
          span: { start: c.start, end: c.end },
          provider,
          entry,
        });
        const message = {
          closed: t('booked', { name, at }),
          changed: t('bookedEntryOpen', { name, at }),
          failed: t('bookedEntryFailed', { name, at, msg: describeError(booked.failure, t) }),
          none: t('bookedOnly', { name, at }),
        }[booked.entry];
        offerUndo({
          message,
          onUndo: async () => {
            await undoBooking(queryClient, booked, entry);
            notifications.show({ message: t('bookedBack', { name }) });
          },
        });
      }
    } catch (e) {
      if (e instanceof GapTaken) onFailure(t('taken'));
      else if (e instanceof LaterChanged) onFailure(t('laterChanged', { name }));
      else onFailure(t('writeFailed', { msg: describeError(e, t) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={6} pt={6} pl={{ base: 0, sm: 'md' }}>
      {noWaitlist && (
        <Text size="xs" c="dimmed">
          {t('candidates.noWaitlist')}
        </Text>
      )}
      {waitlist.isError && !noWaitlist && (
        <Text size="xs" c="red">
          {t('candidates.waitlistFailed', { msg: describeError(waitlist.error, t) })}
        </Text>
      )}
      {candidates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('candidates.none')}
        </Text>
      ) : (
        <ol aria-label={t('candidates.label')} style={{ margin: 0, paddingLeft: '1.4em' }}>
          {candidates.map((c) => (
            <CandidateRow
              key={`${c.kind}-${c.patid}`}
              candidate={c}
              busy={busy === c.patid}
              disabled={busy !== null}
              onAct={act}
            />
          ))}
        </ol>
      )}
    </Stack>
  );
}

const PRIORITY_COLOR = ['gray', 'orange', 'red'] as const;

function CandidateRow({
  candidate: c,
  busy,
  disabled,
  onAct,
}: {
  candidate: Candidate;
  busy: boolean;
  disabled: boolean;
  onAct: (c: Candidate, name: string) => void;
}) {
  const { t } = useTranslation('gaps');
  const patient = useQuery(customerQuery(c.patid));
  const name = patient.data ? patientName(patient.data) : t('patientNumber', { patid: c.patid });
  const phone = patient.data ? patient.data.mobile || patient.data.tel || '' : '';
  const time = formatTime(c.start);
  const label = c.kind === 'later' ? t('move', { time }) : t('book', { time });

  let reason: string;
  if (c.kind === 'waiting')
    reason = t('reason.waiting', {
      service: c.service.name,
      since: formatDate(c.entry.created.slice(0, 10)),
    });
  else if (c.kind === 'later')
    reason = t('reason.later', {
      service: c.appt.appointment,
      at: `${formatDate(c.appt.date)} ${formatTime(c.appt.date)}`,
    });
  else reason = t('reason.recall', { service: c.service.name, since: formatDate(c.recall.recallDate) });

  return (
    <li style={{ padding: '4px 0' }}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="center">
        <Stack gap={0} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Anchor component={Link} to={`/patients/${c.patid}`} fw={700}>
              {name}
            </Anchor>
            <Badge
              size="sm"
              variant="light"
              color={c.kind === 'waiting' ? 'teal' : c.kind === 'later' ? 'blue' : 'grape'}
            >
              {t(`kind.${c.kind}`)}
            </Badge>
            {c.kind === 'waiting' && c.entry.priority > 0 && (
              <Badge size="sm" variant="light" color={PRIORITY_COLOR[c.entry.priority] ?? 'red'}>
                {t(`priority.${c.entry.priority === 1 ? 'high' : 'urgent'}`)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {reason}
          </Text>
          {c.kind === 'waiting' && c.entry.note && (
            <Text size="sm" fs="italic" lineClamp={2}>
              {c.entry.note}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {phone ? (
            <Anchor
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
              size="sm"
              aria-label={t('call', { name, phone })}
            >
              <Group gap={4} wrap="nowrap" component="span">
                <IconPhone size={14} aria-hidden />
                {phone}
              </Group>
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {patient.isPending ? '' : t('noPhone')}
            </Text>
          )}
          <Button
            size="compact-sm"
            leftSection={<IconCalendarPlus size={14} aria-hidden />}
            loading={busy}
            disabled={disabled && !busy}
            aria-label={t('actionFor', { action: label, name })}
            onClick={() => onAct(c, name)}
          >
            {label}
          </Button>
        </Group>
      </Group>
    </li>
  );
}
