import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  calendarsQuery,
  createAppointmentMutation,
  findCreatedAppointment,
  practiceDateTimeOf,
} from '#api/agenda.ts';
import { fetchFreshSlots, servicesQuery } from '#api/booking.ts';
import { isApiError } from '#api/client.ts';
import { type CreateOnceOutcome, createOnce, createOnceState, mayHaveArrived } from '#api/create-once.ts';
import { opScope } from '#api/queries.ts';
import { customerQuery, isMissingOperation, providersQuery } from '#api/system.ts';
import { formatTime, fromUnixSeconds, practiceToday, toPracticeDate } from '#components/format.ts';
import { Page } from '#components/page.tsx';
import { SaveFailed } from '#components/save-failed.tsx';
import { describeError, ErrorState, LoadingState } from '#components/states.tsx';
import { useUnsavedChangesGuard } from '#components/unsaved-changes.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import {
  LazyWaitlistEntryDialog,
  type WaitlistDialogTarget,
} from '#components/waitlist/lazy-entry-dialog.tsx';
import type { BookingService } from '#contract/booking.ts';
import { patientDeletedMessage } from '#contract/system.ts';
import classes from './booking.module.css';
import { DurationStep, ProviderStep, providerOf, ServiceStep } from './choice-steps.tsx';
import { defaultProvider, isStillFree, monthOf } from './model.ts';
import { PatientStep } from './patient-step.tsx';
import { SlotPicker, useDayLabel } from './slot-step.tsx';
import { BookedSummary, PatientText, SlotTaken } from './summary.tsx';
import { type BookingState, choose, isBooked, readState, type SlotChoice, writeState } from './url-state.ts';

/**
 * Booking on one screen, as cal.com does it: service, practitioner and duration on the left; a month calendar
 * with the days that have free times marked and the times of the chosen day; the patient and the confirmation
 * below, the confirmation kept in view.
 */
/**
 * The sticky confirmation bar covers the bottom of the window (on a phone a fifth of it). While it is there, whatever
 * the browser scrolls into view (a focused field, a found word, the last field of the form) stops above the bar
 * instead of beneath it: the document's scroll padding follows the bar's height. A callback ref, so that it starts
 * and ends with the bar.
 */
function keepScrollTargetsAboveBar(bar: HTMLElement | null) {
  if (!bar || typeof ResizeObserver === 'undefined') return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.scrollPaddingBottom = `${bar.offsetHeight + 8}px`;
  });
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingBottom = '';
  };
}

export function Component() {
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams();
  const state = readState(params);
  const today = practiceToday();
  const dayLabel = useDayLabel();

  const services = useQuery(servicesQuery());
  const providers = useQuery(providersQuery());
  const service: BookingService | undefined = services.data?.find((s) => s.serviceid === state.service);

  // The comment lives here, so that stepping back and forth keeps it.
  const [comment, setComment] = useState('');
  const [typedCalendar, setTypedCalendar] = useState<number | string>('');
  const [taken, setTaken] = useState(false);
  const [bookError, setBookError] = useState<unknown>(null);
  const [booking, setBooking] = useState(false);
  // The last booking's answer was lost and the booking was found in the agenda (create once, decision 0040).
  const once = useRef(createOnceState());
  const [foundAfterLoss, setFoundAfterLoss] = useState(false);
  // "No suitable time": the waiting list's dialog with the choices made so far (issue 37).
  const [waitlist, setWaitlist] = useState<WaitlistDialogTarget | null>(null);

  const guard = useUnsavedChangesGuard(comment.trim() !== '' && !isBooked(state), {
    title: t('leave.title'),
    message: t('leave.text'),
    stayLabel: t('leave.stay'),
    leaveLabel: t('leave.leave'),
  });

  // flushSync: a radio button shows its new state at once, not after a transition.
  const update = (next: BookingState) => setParams(writeState(next), { flushSync: true });
  const pick = (change: Partial<BookingState>) => update(choose(state, change));

  const calendars = useQuery({ ...calendarsQuery(), enabled: state.slot !== null });
  const patient = useQuery({ ...customerQuery(state.patid ?? 0), enabled: state.patid !== null });
  const patientDeleted = patient.data?.deleted === '1';
  const withoutCalendars = isMissingOperation(calendars.error);
  const create = useMutation(createAppointmentMutation());

  /** Still free? Asks getSlots again for that day and practitioner. */
  const stillFree = async (slot: SlotChoice, duration: number, serviceid: number) => {
    const day = toPracticeDate(fromUnixSeconds(slot.from));
    const fresh = await fetchFreshSlots({
      serviceid,
      provider: slot.provider,
      duration,
      from: day,
      to: day,
    });
    return isStillFree(slot, fresh);
  };

  const slotTaken = () => {
    setTaken(true);
    void queryClient.invalidateQueries({ queryKey: opScope('getSlots') });
    const day = state.slot ? toPracticeDate(fromUnixSeconds(state.slot.from)) : state.day;
    update({ ...state, slot: null, day });
  };

  const book = async () => {
    const { slot, patid } = state;
    const duration = state.duration ?? service?.duration ?? null;
    if (!slot || patid === null || duration === null || !service) return;
    setBooking(true);
    setBookError(null);
    try {
      let calendar: number | undefined;
      if (withoutCalendars) {
        const n = Number(typedCalendar);
        calendar = Number.isInteger(n) && n > 0 ? n : undefined;
      } else {
        const list = await queryClient.fetchQuery(calendarsQuery());
        calendar = list.find((c) => c.provider === slot.provider)?.calendarid;
      }
      if (calendar === undefined) {
        setBookError(new Error(t('confirm.noCalendar')));
        return;
      }
      const wanted = {
        calendar,
        date: practiceDateTimeOf(slot.from),
        end: practiceDateTimeOf(slot.to),
        patid,
        appointment: service.name,
      };
      let outcome: CreateOnceOutcome<{ appointmentid: number }>;
      try {
        // A booking whose answer was lost is looked for first: the checks below would find its time taken.
        outcome = await createOnce(once.current, {
          find: () => findCreatedAppointment(queryClient, wanted),
          before: async () => {
            // Deleted meanwhile (in another tab, by a colleague)? Never book a deleted patient (the service refuses too).
            const fresh = await queryClient.fetchQuery({ ...customerQuery(patid), staleTime: 0 });
            if (fresh.deleted === '1') {
              setBookError(new Error(t('patient.deleted')));
              return false;
            }
            if (!(await stillFree(slot, duration, service.serviceid))) throw new SlotTaken();
            return true;
          },
          create: () =>
            create.mutateAsync({
              calendar,
              dateTs: slot.from,
              endTs: slot.to,
              patid,
              appointment: service.name,
              comment: comment.trim(),
              displayedduration: String(duration),
              state: 'P',
            }),
        });
      } catch (e) {
        if (isApiError(e) && e.msg === patientDeletedMessage) {
          setBookError(new Error(t('patient.deleted')));
          return;
        }
        // Refused: taken meanwhile, or another reason worth showing as it is. (A failure that may have written the
        // booking was looked for already: its time would count as taken.)
        if (
          isApiError(e) &&
          !mayHaveArrived(e) &&
          !(await stillFree(slot, duration, service.serviceid).catch(() => true))
        )
          throw new SlotTaken();
        throw e;
      }
      if ('stopped' in outcome) return;
      setTaken(false);
      setComment('');
      setFoundAfterLoss(outcome.found);
      update({ ...state, booked: outcome.value.appointmentid, calendar });
    } catch (e) {
      if (e instanceof SlotTaken) slotTaken();
      else setBookError(e);
    } finally {
      setBooking(false);
    }
  };

  const restart = () => {
    setTaken(false);
    setFoundAfterLoss(false);
    setBookError(null);
    setParams(new URLSearchParams());
  };

  if (services.isPending) {
    return (
      <Page title={t('title')}>
        <LoadingState />
      </Page>
    );
  }
  // A refetch of the services that failed keeps the page, the choices made and the comment typed (0039).
  if (services.data === undefined) {
    return (
      <Page title={t('title')}>
        <ErrorState error={services.error} onRetry={() => void services.refetch()} />
      </Page>
    );
  }

  const when = (slot: SlotChoice) =>
    `${dayLabel(toPracticeDate(fromUnixSeconds(slot.from)))} ${formatTime(fromUnixSeconds(slot.from))}–${formatTime(fromUnixSeconds(slot.to))}`;

  const month =
    state.month ??
    monthOf(state.day ?? (state.slot ? toPracticeDate(fromUnixSeconds(state.slot.from)) : today));
  const duration = state.duration ?? service?.duration ?? null;
  const provider = state.provider ?? (service ? defaultProvider(service, providers.data) : null);
  const ready =
    service !== undefined &&
    state.slot !== null &&
    state.patid !== null &&
    duration !== null &&
    patient.isSuccess &&
    !patientDeleted;

  if (isBooked(state) && service && state.slot && state.patid !== null && state.booked !== null) {
    return (
      <Page title={t('title')}>
        <BookedSummary
          service={service.name}
          when={when(state.slot)}
          provider={providerOf(providers.data, state.slot.provider)}
          patid={state.patid}
          booked={state.booked}
          foundAfterLoss={foundAfterLoss}
          agendaHref={`/agenda?view=day&date=${toPracticeDate(fromUnixSeconds(state.slot.from))}${
            state.calendar ? `&cals=${state.calendar}` : ''
          }`}
          onRestart={restart}
        />
      </Page>
    );
  }

  return (
    <Page title={t('title')}>
      <Box className={classes.grid}>
        <Stack gap="sm" className={classes.choices}>
          <ServiceStep
            services={services.data}
            value={state.service}
            onChange={(id) => pick({ service: id })}
          />
          {service &&
            (providers.isPending ? (
              <LoadingState />
            ) : providers.isError ? (
              <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />
            ) : (
              <ProviderStep
                service={service}
                providers={providers.data}
                value={provider}
                onChange={(p) => pick({ provider: p })}
              />
            ))}
          {service && (
            <DurationStep
              key={service.serviceid}
              service={service}
              value={state.duration}
              onChoose={(d) => {
                if (d !== duration) pick({ duration: d });
              }}
            />
          )}
        </Stack>
        <Stack gap="sm" className={classes.main}>
          {service && provider !== null && duration !== null ? (
            <SlotPicker
              serviceid={service.serviceid}
              provider={provider}
              duration={duration}
              month={month}
              day={state.day}
              today={today}
              providers={providers.data}
              value={state.slot}
              taken={taken}
              onMonth={(m) => update({ ...state, month: m })}
              onDay={(day) => update({ ...state, day, month: monthOf(day) })}
              onChoose={(slot) => {
                setTaken(false);
                pick({ slot });
              }}
            />
          ) : (
            <Text c="dimmed">{t('slot.chooseFirst')}</Text>
          )}
          {/* A link-like button: its sentence wraps on a phone instead of being cut off. */}
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconListDetails size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              ta="left"
              onClick={() =>
                setWaitlist({
                  kind: 'add',
                  preset: {
                    ...(state.patid !== null && !patientDeleted ? { patid: state.patid } : {}),
                    ...(service ? { serviceid: service.serviceid } : {}),
                    ...(provider ? { provider } : {}),
                  },
                })
              }
            >
              {t('waitlist.noTime')}
            </Anchor>
          </Group>
          <Title order={2} size="h5">
            {t('patient.legend')}
          </Title>
          <PatientStep patid={state.patid} onChoose={(patid) => update({ ...state, patid, booked: null })} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Textarea
              label={t('confirm.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              autosize
              minRows={1}
              maxRows={3}
              style={{ flex: 1 }}
              miw={240}
            />
            {withoutCalendars && (
              <NumberInput
                label={t('confirm.calendarId')}
                description={t('confirm.calendarIdHint')}
                value={typedCalendar}
                onChange={setTypedCalendar}
                min={1}
                allowDecimal={false}
                w={260}
              />
            )}
          </Group>
          <Paper
            ref={keepScrollTargetsAboveBar}
            withBorder
            p="sm"
            className={classes.confirm}
            aria-label={t('confirm.legend')}
            component="section"
          >
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text size="sm" fw={700} data-testid="chosen-slot">
                  {state.slot
                    ? `${when(state.slot)} · ${providerOf(providers.data, state.slot.provider)}`
                    : t('confirm.noSlot')}
                </Text>
                <Text size="sm">
                  {service ? `${service.name} · ${t('service.minutes', { count: duration ?? 0 })}` : ''}
                  {state.patid !== null && !patientDeleted && (
                    <>
                      {service ? ' · ' : ''}
                      <PatientText patid={state.patid} />
                    </>
                  )}
                </Text>
              </Stack>
              <Button onClick={() => void book()} disabled={!ready || booking} loading={booking}>
                {t('confirm.book')}
              </Button>
            </Group>
            {/* Unreachable or refused: the choices and the comment stay; Retry books again (0039). */}
            {isApiError(bookError) ? (
              <Box mt="xs">
                <SaveFailed
                  message={describeError(bookError, t)}
                  title={t('confirm.notBooked')}
                  retry={() => void book()}
                  saving={booking}
                />
              </Box>
            ) : (
              bookError !== null && (
                <Alert color="red" role="alert" mt="xs" p="xs">
                  {t('confirm.failed', { msg: describeError(bookError, t) })}
                </Alert>
              )
            )}
            {booking && (
              <Text size="sm" role="status" mt={4}>
                {t('confirm.checking')}
              </Text>
            )}
            {!ready && !booking && (
              <Text size="xs" c="dimmed" mt={4}>
                {t(
                  state.slot !== null
                    ? 'confirm.missingPatient'
                    : state.patid !== null && !patientDeleted
                      ? 'confirm.missingTime'
                      : 'confirm.missing',
                )}
              </Text>
            )}
          </Paper>
        </Stack>
      </Box>
      {guard.dialog}
      <LazyWaitlistEntryDialog target={waitlist} onClose={() => setWaitlist(null)} />
    </Page>
  );
}
