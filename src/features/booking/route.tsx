import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Stack,
  Stepper,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookingService } from '../../../contract/booking.ts';
import { call } from '../../api/client.ts';
import { isMissingOperation } from '../../api/people.ts';
import { opScope } from '../../api/queries.ts';
import { formatTime, fromUnixSeconds, practiceToday, toPracticeDate } from '../../components/format.ts';
import { Page } from '../../components/page.tsx';
import type { PatientCriteria } from '../../components/patient-search.tsx';
import { describeError, ErrorState, LoadingState } from '../../components/states.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { useUrlParams } from '../../components/use-url-params.ts';
import { DurationStep, ProviderStep, providerLabel, ServiceStep, StepNav } from './choice-steps.tsx';
import {
  activeStep,
  type BookingState,
  choose,
  DONE,
  isStillFree,
  readState,
  type SlotChoice,
  writeState,
} from './model.ts';
import {
  emptyNewPatient,
  emptySearch,
  type NewPatientValues,
  newPatientSchema,
  PatientStep,
  type PatientTab,
  type SearchValues,
} from './patient-step.tsx';
import { calendarsQuery, createAppointmentMutation, providersQuery, servicesQuery } from './queries.ts';
import { SlotStep, useDayLabel } from './slot-step.tsx';
import { PatientText, SlotTaken, Summary } from './summary.tsx';

export function Component() {
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams();
  const state = readState(params);
  const active = activeStep(state);
  const today = practiceToday();
  const dayLabel = useDayLabel();

  const services = useQuery(servicesQuery());
  const providers = useQuery(providersQuery());
  const service: BookingService | undefined = services.data?.find((s) => s.serviceid === state.service);

  // What is typed in the patient step and the comment live here, so that stepping back and forth keeps them.
  const [patientTab, setPatientTab] = useState<PatientTab>('find');
  const search = useForm<SearchValues>({ defaultValues: emptySearch });
  const [criteria, setCriteria] = useState<PatientCriteria | null>(null);
  const newPatient = useForm<NewPatientValues>({
    resolver: zodResolver(newPatientSchema),
    defaultValues: emptyNewPatient,
  });
  const [comment, setComment] = useState('');
  const [typedCalendar, setTypedCalendar] = useState<number | string>('');
  const [taken, setTaken] = useState(false);
  const [bookError, setBookError] = useState<unknown>(null);
  const [booking, setBooking] = useState(false);

  const guard = useUnsavedChangesGuard(
    newPatient.formState.isDirty || (comment.trim() !== '' && active < DONE),
    {
      title: t('leave.title'),
      message: t('leave.text'),
      stayLabel: t('leave.stay'),
      leaveLabel: t('leave.leave'),
    },
  );

  // flushSync: a radio button shows its new state at once, not after a transition.
  const update = (next: BookingState) => setParams(writeState(next), { flushSync: true });
  const go = (step: number) => update({ ...state, step });
  const pick = (change: Partial<BookingState>) => update(choose(state, change));

  const calendars = useQuery({ ...calendarsQuery(), enabled: active >= 5 });
  const withoutCalendars = isMissingOperation(calendars.error);
  const create = useMutation(createAppointmentMutation());

  /** Still free? Asks getSlots again for that day and practitioner. */
  const stillFree = async (slot: SlotChoice, duration: number, serviceid: number) => {
    const day = toPracticeDate(fromUnixSeconds(slot.from));
    const fresh = await call('getSlots', {
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
    update({ ...state, slot: null, step: 3 });
  };

  const book = async () => {
    const { slot, patid, duration } = state;
    if (!slot || patid === null || duration === null || !service) return;
    setBooking(true);
    setBookError(null);
    try {
      if (!(await stillFree(slot, duration, service.serviceid))) throw new SlotTaken();
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
      let appointmentid: number;
      try {
        ({ appointmentid } = await create.mutateAsync({
          calendar,
          dateTs: slot.from,
          endTs: slot.to,
          patid,
          appointment: service.name,
          comment: comment.trim(),
          displayedduration: String(duration),
          state: 'P',
        }));
      } catch (e) {
        // Refused: taken meanwhile, or another reason worth showing as it is.
        if (!(await stillFree(slot, duration, service.serviceid).catch(() => true))) throw new SlotTaken();
        throw e;
      }
      setTaken(false);
      setComment('');
      update({ ...state, booked: appointmentid, calendar, step: DONE });
    } catch (e) {
      if (e instanceof SlotTaken) slotTaken();
      else setBookError(e);
    } finally {
      setBooking(false);
    }
  };

  const restart = () => {
    setTaken(false);
    setBookError(null);
    setCriteria(null);
    search.reset(emptySearch);
    setParams(new URLSearchParams());
  };

  if (services.isPending) {
    return (
      <Page title={t('title')}>
        <LoadingState />
      </Page>
    );
  }
  if (services.isError) {
    return (
      <Page title={t('title')}>
        <ErrorState error={services.error} onRetry={() => void services.refetch()} />
      </Page>
    );
  }

  const when = (slot: SlotChoice) =>
    `${dayLabel(toPracticeDate(fromUnixSeconds(slot.from)))} ${formatTime(fromUnixSeconds(slot.from))}–${formatTime(fromUnixSeconds(slot.to))}`;
  const providerText = (id: number | null) =>
    id === null ? '' : id === 0 ? t('provider.any') : providerLabel(providers.data, id);

  return (
    <Page title={t('title')}>
      <Stepper
        active={active}
        onStepClick={(i) => {
          if (i < active) go(i);
        }}
        allowNextStepsSelect={false}
        size="sm"
        aria-label={t('steps.label')}
      >
        <Stepper.Step label={t('steps.service')} description={service?.name}>
          <ServiceStep
            services={services.data}
            value={state.service}
            onChange={(serviceid) => pick({ service: serviceid })}
            onNext={() => go(1)}
          />
        </Stepper.Step>
        <Stepper.Step label={t('steps.provider')} description={providerText(state.provider)}>
          {service &&
            (providers.isPending ? (
              <LoadingState />
            ) : providers.isError ? (
              <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />
            ) : (
              <ProviderStep
                service={service}
                providers={providers.data}
                value={state.provider}
                onChange={(provider) => pick({ provider })}
                onBack={() => go(0)}
                onNext={() => go(2)}
              />
            ))}
        </Stepper.Step>
        <Stepper.Step
          label={t('steps.duration')}
          description={state.duration ? t('service.minutes', { count: state.duration }) : undefined}
        >
          {service && (
            <DurationStep
              service={service}
              value={state.duration}
              onChoose={(duration) => update({ ...choose(state, { duration }), step: 3 })}
              onBack={() => go(1)}
            />
          )}
        </Stepper.Step>
        <Stepper.Step
          label={t('steps.slot')}
          description={state.slot ? formatTime(fromUnixSeconds(state.slot.from)) : undefined}
        >
          {service && state.provider !== null && state.duration !== null && (
            <SlotStep
              serviceid={service.serviceid}
              provider={state.provider}
              duration={state.duration}
              days={state.days}
              today={today}
              providers={providers.data}
              value={state.slot}
              taken={taken}
              onChoose={(slot) => {
                setTaken(false);
                pick({ slot });
              }}
              onMoreDays={(days) => update({ ...state, days })}
              onBack={() => go(2)}
              onNext={() => go(4)}
            />
          )}
        </Stepper.Step>
        <Stepper.Step
          label={t('steps.patient')}
          description={state.patid !== null ? <PatientText patid={state.patid} /> : undefined}
        >
          <PatientStep
            patid={state.patid}
            onChoose={(patid) => update({ ...state, patid, booked: null, step: patid === null ? 4 : 5 })}
            tab={patientTab}
            onTab={setPatientTab}
            search={search}
            criteria={criteria}
            onSearch={setCriteria}
            newPatient={newPatient}
            onBack={() => go(3)}
            onNext={() => go(5)}
          />
        </Stepper.Step>
        <Stepper.Step label={t('steps.confirm')}>
          {service && state.slot && state.patid !== null && state.duration !== null && (
            <Stack>
              <Title order={2} size="h4">
                {t('confirm.legend')}
              </Title>
              <Summary
                rows={[
                  [t('confirm.service'), service.name],
                  [t('confirm.provider'), providerLabel(providers.data, state.slot.provider)],
                  [t('confirm.when'), when(state.slot)],
                  [t('confirm.duration'), t('service.minutes', { count: state.duration })],
                  [t('confirm.patient'), <PatientText key="p" patid={state.patid} />],
                ]}
              />
              <Textarea
                label={t('confirm.comment')}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                autosize
                minRows={2}
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
              {bookError !== null && (
                <Alert color="red" role="alert">
                  {t('confirm.failed', { msg: describeError(bookError, t) })}
                </Alert>
              )}
              {booking && (
                <Text size="sm" role="status">
                  {t('confirm.checking')}
                </Text>
              )}
              <StepNav
                onBack={() => go(4)}
                onNext={() => void book()}
                nextDisabled={booking}
                nextLabel={t('confirm.book')}
              />
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Completed>
          {service && state.slot && state.patid !== null && state.booked !== null && (
            <Stack>
              <Alert color="green" title={t('done.title')} role="status">
                <Text>
                  {t('done.text', {
                    service: service.name,
                    when: when(state.slot),
                    provider: providerLabel(providers.data, state.slot.provider),
                  })}
                </Text>
              </Alert>
              <Summary
                rows={[
                  [t('confirm.patient'), <PatientText key="p" patid={state.patid} />],
                  [t('done.number', { id: state.booked }), ''],
                ]}
              />
              <Group>
                <Anchor
                  component={Link}
                  to={`/agenda?view=day&date=${toPracticeDate(fromUnixSeconds(state.slot.from))}${
                    state.calendar ? `&cals=${state.calendar}` : ''
                  }`}
                >
                  {t('done.toAgenda')}
                </Anchor>
                <Button variant="default" onClick={restart}>
                  {t('nav.restart')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Completed>
      </Stepper>

      {guard.dialog}
    </Page>
  );
}
