import {
  Alert,
  Button,
  Chip,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';

import { notifications } from '@mantine/notifications';
import { IconCalendarOff, IconListDetails, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appointmentsQuery, calendarsQuery } from '#api/agenda.ts';
import { isMissingOperation, meQuery, usersQuery } from '#api/system.ts';
import { namesOf, wholeDayClosures } from '#components/closed-time/spans.ts';
import { useClosedTime } from '#components/closed-time/use-closed-time.ts';
import { formatDate, formatDateTime, intlLocale } from '#components/format.ts';
import { GapPanel } from '#components/gaps/deferred.tsx';
import { Page } from '#components/page.tsx';
import { usePracticeNow } from '#components/practice-clock.ts';
import { describeError, ErrorState, LoadingState } from '#components/states.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import type { Calendar } from '#contract/agenda.ts';
import { AbsenceDialog } from './components/absence-dialog.tsx';
import { AgendaGrid, type CreateRange, type MoveTarget } from './components/agenda-grid.tsx';
import { AgendaToolbar, keyBelongsElsewhere } from './components/agenda-toolbar.tsx';
import { AppointmentDialog, type DialogMode } from './components/appointment-dialog.tsx';
import { ClosedTimeList } from './components/closed-time-list.tsx';
import { MoveConflictDialog } from './components/conflict.tsx';
import { OverlapQuestionDialog } from './components/overlap-question.tsx';
import { PrintDay, printDay } from './components/print-day.tsx';
import { StateLegend } from './components/state-legend.tsx';
import { liveOptions, useChangedHighlight } from './live.ts';
import {
  type AgendaItem,
  isoWeek,
  shiftDay,
  toRecord,
  visibleDays,
  visibleHours,
  weekNeedsWeekend,
} from './model.ts';
import { type MoveConflictState, useMoveAppointment } from './move-appointment.ts';
import { confirmClosed, confirmOverlap } from './overlap.ts';
import { calendarsFallbackQuery } from './queries.ts';
import { readRememberedCalendars, rememberCalendars } from './remembered-calendars.ts';
import { type AgendaNavigation, readAddress, withoutAppointment, writeAddress } from './url-state.ts';

const TYPED_CALENDARS_KEY = 'praxis.agenda.calendars';

function readTypedCalendars(): number[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(TYPED_CALENDARS_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

export function Component() {
  const { t, i18n } = useTranslation('agenda');
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams();
  const now = usePracticeNow();

  const address = readAddress(params, now.today);
  const { view, date, allSeven } = address;
  // The week is loaded whole; Saturday and Sunday are shown when asked for (`days=7`) or when they hold appointments.
  const loadedDays = visibleDays(view, date);
  const apptParam = address.appt;

  // flushSync: controls bound to the URL (the view switch) show their new state at once.
  const navigate = (next: AgendaNavigation) =>
    setParams((prev) => writeAddress(prev, next), { flushSync: true });

  // ----- calendars ---------------------------------------------------------------------------------------------
  const calendarsQ = useQuery(calendarsQuery());
  const withoutList = isMissingOperation(calendarsQ.error);
  const fallbackQ = useQuery({ ...calendarsFallbackQuery(now.today), enabled: withoutList });
  const [typedIds, setTypedIds] = useState(readTypedCalendars);
  const [typedId, setTypedId] = useState<number | string>('');

  const allCalendars: Calendar[] = withoutList
    ? [
        ...(fallbackQ.data ?? []),
        ...typedIds
          .filter((id) => !(fallbackQ.data ?? []).some((c) => c.calendarid === id))
          .map((id) => ({ calendarid: id, name: t('fallback.unnamed', { id }), provider: null, color: '' })),
      ]
    : (calendarsQ.data ?? []);

  // Without calendars in the address: the ones this user chose last time on this device.
  const me = useQuery(meQuery());
  const userid = me.data?.userid;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the user is known, not on every address change
  useEffect(() => {
    if (userid === undefined || address.cals !== null) return;
    const remembered = readRememberedCalendars(userid);
    if (remembered) setParams((prev) => writeAddress(prev, { cals: remembered }), { replace: true });
  }, [userid]);
  const chosenIds = address.cals;
  // A calendar of an inactive practitioner is not offered, unless the address asks for it (a link to an old one).
  const users = useQuery(usersQuery());
  const isActive = (c: Calendar) =>
    c.provider === null || users.data?.find((u) => u.userid === c.provider)?.active !== false;
  const offered = allCalendars.filter((c) => isActive(c) || chosenIds?.includes(c.calendarid));
  const shown = offered.filter((c) => (chosenIds === null ? isActive(c) : chosenIds.includes(c.calendarid)));

  const addTypedCalendar = () => {
    const id = Number(typedId);
    if (!Number.isInteger(id) || id <= 0) return;
    const next = [...new Set([...typedIds, id])];
    setTypedIds(next);
    try {
      window.localStorage.setItem(TYPED_CALENDARS_KEY, JSON.stringify(next));
    } catch {
      // Without storage the calendar stays for this visit only.
    }
    if (chosenIds !== null) navigate({ cals: [...chosenIds, id] });
    setTypedId('');
  };

  // ----- appointments ------------------------------------------------------------------------------------------
  const range = { from: loadedDays[0], until: loadedDays[loadedDays.length - 1] };
  const results = useQueries({
    queries: shown.map((c) => ({
      ...appointmentsQuery({ calendarid: c.calendarid, ...range }),
      ...liveOptions,
    })),
  });
  const items: AgendaItem[] = results.flatMap((r, i) =>
    (r.data ?? []).map((appt) => ({ appt, calendarid: shown[i].calendarid })),
  );
  // A calendar known only by its number takes its name from its appointments.
  const columns = shown.map((c) => {
    if (!withoutList || !typedIds.includes(c.calendarid)) return c;
    const named = items.find((i) => i.calendarid === c.calendarid)?.appt.calendar;
    return named ? { ...c, name: named } : c;
  });
  const loading = results.some((r) => r.isPending);
  // The week of several calendars: all side by side in narrow columns, or one at a time (`wcal`).
  const { weekCalendar } = address;
  const oneOfSeveral =
    view === 'week' && columns.length > 1 ? columns.find((c) => c.calendarid === weekCalendar) : undefined;
  const gridCalendars = oneOfSeveral ? [oneOfSeveral] : columns;
  const weekend = view === 'week' && (allSeven || weekNeedsWeekend(date, items));
  const days = view === 'week' && !weekend ? loadedDays.slice(0, 5) : loadedDays;
  useChangedHighlight(
    items,
    `${range.from}|${range.until}|${shown.map((c) => c.calendarid).join(',')}`,
    loading ? 'loading' : results.map((r) => r.dataUpdatedAt).join(','),
  );
  const closedTime = useClosedTime(range.from, range.until);
  // The absence dialog starts with the practitioner whose calendar is shown, when it is one (not another's).
  const shownProviders = new Set(gridCalendars.flatMap((c) => (c.provider === null ? [] : [c.provider])));
  const shownPractitioner = shownProviders.size === 1 ? [...shownProviders][0] : undefined;
  const [absenceOpen, setAbsenceOpen] = useState(false);
  const failed = results
    .map((r, i) => ({ r, calendar: shown[i] }))
    .filter(({ r }) => r.isError && r.data === undefined);

  // ----- dialogs and moves -------------------------------------------------------------------------------------
  const [dialog, setDialog] = useState<DialogMode | null>(null);
  const [moveConflict, setMoveConflict] = useState<MoveConflictState | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const calendarName = (id: number) => columns.find((c) => c.calendarid === id)?.name ?? `#${id}`;

  const done = (message: string) => {
    setDialog(null);
    notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': t('dialog.close') } });
  };

  // `?appt=<id>` (links from Today and the patient page): its dialog opens once its calendar's list has it.
  const openedFromAddress = useRef<number | null>(null);
  const apptMissing =
    apptParam > 0 && !loading && !items.some((i) => i.appt.id === apptParam) && shown.length > 0;
  useEffect(() => {
    if (!(apptParam > 0) || openedFromAddress.current === apptParam) return;
    const item = items.find((i) => i.appt.id === apptParam);
    if (!item) return;
    openedFromAddress.current = apptParam;
    setDialog({ kind: 'edit', item });
  });
  // Closed: the address no longer names it (a reload does not open it again). After the dialog is gone, so that its
  // unsaved-changes guard never sees this change of address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog closes
  useEffect(() => {
    if (dialog !== null || openedFromAddress.current === null || !(address.appt > 0)) return;
    setParams(withoutAppointment, { replace: true });
  }, [dialog]);

  const move = useMoveAppointment(calendarName, setMoveConflict, setActionError);

  const onMove = async (item: AgendaItem, target: MoveTarget) => {
    setActionError(null);
    try {
      const provider = allCalendars.find((c) => c.calendarid === target.calendarid)?.provider ?? null;
      const go =
        (await confirmClosed(queryClient, target, provider, i18n.resolvedLanguage ?? 'de')) &&
        (await confirmOverlap(queryClient, target, calendarName(target.calendarid), item.appt.id));
      if (go) move.mutate({ item, target });
    } catch (e) {
      setActionError(e);
    }
  };

  const openCreate = (range?: CreateRange) => {
    const calendarid = range?.calendarid ?? columns[0]?.calendarid ?? allCalendars[0]?.calendarid;
    if (calendarid === undefined) return;
    const day = range?.day ?? date;
    const start =
      range?.start ??
      (day === now.today ? Math.min(Math.ceil((now.minutes + 1) / 15) * 15, 23 * 60) : 8 * 60);
    setDialog({ kind: 'create', range: { calendarid, day, start, end: range?.end ?? start + 30 } });
  };

  // ----- keys --------------------------------------------------------------------------------------------------
  const keyActions = useRef<(e: KeyboardEvent) => void>(() => {});
  keyActions.current = (e: KeyboardEvent) => {
    if (dialog || moveConflict || keyBelongsElsewhere(e)) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const act = (f: () => void) => {
      e.preventDefault();
      f();
    };
    if (key === 'ArrowLeft') act(() => navigate({ date: shiftDay(view, date, -1) }));
    else if (key === 'ArrowRight') act(() => navigate({ date: shiftDay(view, date, 1) }));
    else if (key === 't') act(() => navigate({ date: now.today }));
    else if (key === 'd') act(() => navigate({ view: 'day' }));
    else if (key === 'w') act(() => navigate({ view: 'week' }));
    else if (key === 'n') act(() => openCreate());
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keyActions.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ----- rendering ---------------------------------------------------------------------------------------------
  const locale = intlLocale(i18n.resolvedLanguage);
  const shownDayClosedBy = namesOf(wholeDayClosures(closedTime.spans, date, null));
  const heading =
    view === 'day'
      ? new Intl.DateTimeFormat(locale, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(new Date(`${date}T12:00:00Z`)) +
        (date === now.today ? ` · ${t('grid.today')}` : '') +
        (shownDayClosedBy ? ` · ${shownDayClosedBy}` : '')
      : t('toolbar.rangeWeek', {
          week: isoWeek(date),
          from: formatDate(days[0]),
          to: formatDate(days[days.length - 1]),
        });
  const weekendForced = view === 'week' && !allSeven && weekend;

  const calendarsLoading = calendarsQ.isPending || (withoutList && fallbackQ.isPending);
  const calendarsError = !withoutList && calendarsQ.isError ? calendarsQ.error : null;

  return (
    <Page
      title={t('title')}
      actions={
        <>
          {/* The waiting list (issue 37): its own page under the agenda. */}
          <Button
            component={Link}
            to="/agenda/waitlist"
            variant="default"
            leftSection={<IconListDetails size={16} aria-hidden />}
          >
            {t('toolbar.waitlist')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => openCreate()}
            disabled={!columns.length}
          >
            {t('toolbar.newAppointment')}
          </Button>
        </>
      }
    >
      <AgendaToolbar view={view} date={date} today={now.today} navigate={navigate}>
        {view === 'week' && (
          <Switch
            label={t('toolbar.allSeven')}
            checked={allSeven || weekend}
            disabled={weekendForced}
            description={weekendForced ? t('toolbar.weekendBooked') : undefined}
            onChange={(e) => navigate({ allSeven: e.currentTarget.checked })}
          />
        )}
        <StateLegend />
        <Button
          variant="default"
          leftSection={<IconCalendarOff size={16} aria-hidden />}
          onClick={() => setAbsenceOpen(true)}
          disabled={!allCalendars.length || closedTime.withoutService}
          title={closedTime.withoutService ? t('closed.notOffered') : undefined}
        >
          {t('absence.button')}
        </Button>
        {view === 'day' && (
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => void printDay(queryClient, date, items)}
            disabled={!columns.length}
          >
            {t('print.button')}
          </Button>
        )}
      </AgendaToolbar>

      <Title order={2} size="h4" aria-live="polite">
        {heading}
      </Title>

      {calendarsError !== null ? (
        <ErrorState error={calendarsError} onRetry={() => void calendarsQ.refetch()} />
      ) : calendarsLoading ? (
        <LoadingState />
      ) : (
        <Stack gap="sm">
          {withoutList && (
            <Alert color="blue" variant="light" title={t('fallback.title')}>
              <Stack gap="xs">
                <Text size="sm">{t('fallback.text')}</Text>
                {fallbackQ.isError && <Text size="sm">{describeError(fallbackQ.error, t)}</Text>}
                <Group align="flex-end" gap="xs">
                  <NumberInput
                    label={t('fallback.calendarId')}
                    min={1}
                    allowDecimal={false}
                    value={typedId}
                    onChange={setTypedId}
                    w={160}
                  />
                  <Button variant="default" onClick={addTypedCalendar}>
                    {t('fallback.add')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Chip.Group
            multiple
            value={shown.map((c) => String(c.calendarid))}
            onChange={(values) => {
              const ids = values.map(Number);
              const all = offered.every((c) => ids.includes(c.calendarid));
              const cals = all ? null : offered.map((c) => c.calendarid).filter((id) => ids.includes(id));
              if (me.data) rememberCalendars(me.data.userid, cals);
              navigate({ cals });
            }}
          >
            <Group gap="xs" role="group" aria-label={t('toolbar.calendars')}>
              {offered.map((c) => (
                <Chip key={c.calendarid} value={String(c.calendarid)} size="sm" variant="outline">
                  {columns.find((x) => x.calendarid === c.calendarid)?.name ?? c.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>

          {actionError !== null && (
            <Alert color="red" role="alert" withCloseButton onClose={() => setActionError(null)}>
              {t('dialog.failed', { msg: describeError(actionError, t) })}
            </Alert>
          )}
          {failed.map(({ r, calendar }) => (
            <Alert key={calendar.calendarid} color="red" role="alert">
              <Group justify="space-between">
                <Text size="sm">
                  {t('grid.failed', { calendar: calendar.name, msg: describeError(r.error, t) })}
                </Text>
                <Button variant="default" size="xs" onClick={() => void r.refetch()}>
                  {t('state.retry', { ns: 'common' })}
                </Button>
              </Group>
            </Alert>
          ))}

          {closedTime.noCanton && (
            <Alert color="blue" variant="light">
              {t('closed.noCanton')}
            </Alert>
          )}

          {apptMissing && (
            <Alert color="orange" role="alert">
              {t('grid.apptNotFound')}
            </Alert>
          )}
          {columns.length === 0 ? (
            <Text>{t('grid.noCalendars')}</Text>
          ) : (
            <>
              {/* One line always, also when there is nothing to say: the grid below must not move up when the
                  appointments have loaded (a hand about to drag would land a quarter hour off). */}
              <Text size="sm" role="status" c="dimmed" mih="1.55em">
                {loading ? t('grid.loading') : items.length === 0 ? t('grid.empty') : ''}
              </Text>
              {view === 'week' && columns.length > 1 && (
                <NativeSelect
                  label={t('toolbar.weekCalendar')}
                  value={oneOfSeveral ? String(oneOfSeveral.calendarid) : ''}
                  onChange={(e) => {
                    const id = Number(e.currentTarget.value);
                    navigate({ weekCalendar: id > 0 ? id : null });
                  }}
                  data={[
                    { value: '', label: t('toolbar.allSideBySide') },
                    ...columns.map((c) => ({ value: String(c.calendarid), label: c.name })),
                  ]}
                  w={260}
                  maw="100%"
                />
              )}
              <AgendaGrid
                view={view}
                days={days}
                calendars={gridCalendars}
                items={items}
                hours={visibleHours(items, days)}
                today={now.today}
                now={now.minutes}
                onOpen={(item) => setDialog({ kind: 'edit', item })}
                onMove={(item, target) => void onMove(item, target)}
                onCreate={openCreate}
                closed={closedTime.spans}
              />
            </>
          )}
          {/* Below the grid: they arrive after it (closed time with its answer, the gaps after the first content)
              and must not push the grid down under a hand that is about to drag. */}
          <ClosedTimeList
            spans={closedTime.spans}
            calendars={gridCalendars}
            from={days[0]}
            until={days[days.length - 1]}
          />
          <GapPanel calendars={shown.map((c) => c.calendarid)} initiallyOpen={false} />
          <Text size="xs" c="dimmed">
            {t('toolbar.keys', { unit: view === 'day' ? t('toolbar.unitDay') : t('toolbar.unitWeek') })}
          </Text>
        </Stack>
      )}

      {dialog && (
        <AppointmentDialog
          key={dialog.kind === 'edit' ? `e${dialog.item.appt.id}` : 'new'}
          mode={dialog}
          calendars={offered}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {view === 'day' && columns.length > 0 && (
        <PrintDay day={date} heading={heading} calendars={columns} items={items} />
      )}
      <MoveConflictDialog
        opened={moveConflict !== null}
        loaded={
          moveConflict ? toRecord(moveConflict.vars.item.appt, moveConflict.vars.item.calendarid) : null
        }
        current={
          moveConflict?.current ? toRecord(moveConflict.current.appt, moveConflict.current.calendarid) : null
        }
        target={
          moveConflict
            ? `${formatDateTime(moveConflict.vars.target.date.slice(0, 16))}–${moveConflict.vars.target.end.slice(11, 16)}, ${calendarName(moveConflict.vars.target.calendarid)}`
            : ''
        }
        calendars={allCalendars}
        busy={move.isPending}
        onMoveAnyway={() => {
          const c = moveConflict;
          if (c?.current) move.mutate({ item: c.current, target: c.vars.target, base: c.current });
        }}
        onClose={() => setMoveConflict(null)}
      />
      <OverlapQuestionDialog />
      <AbsenceDialog
        opened={absenceOpen}
        calendars={offered}
        day={date}
        provider={shownPractitioner}
        onClose={() => setAbsenceOpen(false)}
        onSaved={(message) =>
          notifications.show({
            color: 'green',
            message,
            closeButtonProps: { 'aria-label': t('dialog.close') },
          })
        }
        openAppointment={({ appt, calendarid }) =>
          `/agenda?view=day&date=${appt.date.slice(0, 10)}&cals=${calendarid}&appt=${appt.id}`
        }
      />
    </Page>
  );
}
