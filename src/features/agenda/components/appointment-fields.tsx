import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { servicesQuery } from '#api/booking.ts';
import { customerQuery } from '#api/system.ts';
import { appointmentStateName } from '#components/codes.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { PatientSearchBox, patientName } from '#components/patient-search.tsx';
import type { Calendar } from '#contract/agenda.ts';
import { type FormValues, tidyTimeText } from '../appointment-form.ts';
import { hhmm, MINUTES_PER_DAY, parseHhmm, STATE_CHOICES } from '../model.ts';

interface AppointmentFieldsProps {
  form: UseFormReturn<FormValues>;
  calendars: readonly Calendar[];
  /** A time changed: the displayed duration may follow. */
  onTimeChange: (field: 'start' | 'end', value: string) => void;
  /** The user typed a duration. */
  onDurationChange: (value: string) => void;
  /** A new appointment: the service picker sets text and length. */
  withService?: boolean;
}

/** The appointment's fields: text, patient, calendar, day and times, state, displayed duration, comment. */
export function AppointmentFields({
  form,
  calendars,
  onTimeChange,
  onDurationChange,
  withService = false,
}: AppointmentFieldsProps) {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  const { register, formState, setValue, watch } = form;
  const [changingPatient, setChangingPatient] = useState(false);
  const patid = watch('patid');
  const patient = useQuery(customerQuery(patid));
  // The form's schema writes its messages as keys of this namespace (`validation.…`, appointment-form.ts).
  const err = (message: string | undefined) => (message ? t(message as ParseKeys<'agenda'>) : undefined);

  // The service (booking services): optional; chosen, the appointment lasts as long as the service.
  const services = useQuery({ ...servicesQuery(), enabled: withService });
  const [serviceid, setServiceid] = useState('');
  const calendarValue = watch('calendar');
  const provider = calendars.find((c) => String(c.calendarid) === calendarValue)?.provider ?? null;
  const ofProvider = (services.data ?? []).filter((s) => provider !== null && s.providers.includes(provider));
  const serviceList = ofProvider.length > 0 ? ofProvider : (services.data ?? []);
  const pickService = (value: string) => {
    setServiceid(value);
    const service = serviceList.find((s) => String(s.serviceid) === value);
    if (!service) return;
    const start = parseHhmm(form.getValues('start'));
    if (start !== null) {
      const end = hhmm(Math.min(start + service.duration, MINUTES_PER_DAY - 1));
      setValue('end', end, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      setValue('displayedduration', String(service.duration), { shouldDirty: true });
      onTimeChange('end', end);
    }
    const text = form.getValues('appointment').trim();
    if (text === '' || serviceList.some((s) => s.name === text)) {
      setValue('appointment', service.name, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };

  const stateValue = watch('state');
  const stateOptions = [
    ...STATE_CHOICES.map((s) => ({ value: s, label: appointmentStateName(s) })),
    { value: '', label: appointmentStateName('') },
    // A state this app does not know stays choosable, so that saving does not change it.
    ...(STATE_CHOICES.includes(stateValue as (typeof STATE_CHOICES)[number]) || stateValue === ''
      ? []
      : [{ value: stateValue, label: appointmentStateName(stateValue) }]),
  ];
  // A time typed as "915" or "9:15" reads "09:15": always 24 hours, whatever the browser's language.
  const tidyTime = (field: 'start' | 'end', text: string) => {
    const tidy = tidyTimeText(text);
    if (tidy && tidy !== text) {
      setValue(field, tidy, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      onTimeChange(field, tidy);
    }
  };
  const startReg = register('start');
  const endReg = register('end');
  const durationReg = register('displayedduration', {
    onChange: (e: { target: { value: string } }) => onDurationChange(e.target.value),
  });

  return (
    <>
      {withService && (
        <NativeSelect
          label={t('field.service')}
          description={t('dialog.serviceHint')}
          value={serviceid}
          onChange={(e) => pickService(e.currentTarget.value)}
          data-autofocus
          data={[
            { value: '', label: services.isPending ? t('dialog.servicesLoading') : t('dialog.noService') },
            ...serviceList.map((s) => ({
              value: String(s.serviceid),
              label: t('dialog.serviceOption', { name: s.name, minutes: s.duration }),
            })),
          ]}
        />
      )}
      <TextInput
        label={t('field.appointment')}
        error={err(formState.errors.appointment?.message)}
        {...register('appointment')}
        data-autofocus={withService ? undefined : true}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="appointment-patient-label">
          {t('field.patid')}
        </Text>
        <Group gap="sm" aria-labelledby="appointment-patient-label" role="group">
          <Text size="sm" data-testid="appointment-patient">
            {patid === 0
              ? t('dialog.noPatient')
              : patient.data
                ? `${patientName(patient.data)} (#${patid})`
                : t('dialog.patientNumber', { patid })}
          </Text>
          {!changingPatient && (
            <Button variant="subtle" size="compact-sm" onClick={() => setChangingPatient(true)}>
              {t('dialog.changePatient')}
            </Button>
          )}
          {patid !== 0 && (
            <Anchor
              component={Link}
              to={`/patients/${patid}`}
              size="sm"
              data-testid="appointment-patient-link"
            >
              {t('dialog.openPatient')}
            </Anchor>
          )}
          {patid !== 0 && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => setValue('patid', 0, { shouldDirty: true })}
            >
              {t('dialog.removePatient')}
            </Button>
          )}
        </Group>
        {changingPatient && (
          <PatientSearchBox
            excludeDeleted
            label={t('dialog.searchPatient')}
            autoFocus
            onPick={(p) => {
              queryClient.setQueryData(customerQuery(p.patid).queryKey, p);
              setValue('patid', p.patid, { shouldDirty: true });
              setChangingPatient(false);
            }}
          />
        )}
      </Stack>
      <NativeSelect
        label={t('field.calendarid')}
        data={calendars.map((c) => ({ value: String(c.calendarid), label: c.name }))}
        error={err(formState.errors.calendar?.message)}
        {...register('calendar')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Controller
          control={form.control}
          name="day"
          render={({ field }) => (
            <DayField
              label={t('field.day')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={err(formState.errors.day?.message)}
            />
          )}
        />
        <TextInput
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          label={t('field.start')}
          error={err(formState.errors.start?.message)}
          {...startReg}
          onBlur={(e) => {
            tidyTime('start', e.currentTarget.value);
            void startReg.onBlur(e);
          }}
          onChange={(e) => {
            onTimeChange('start', e.currentTarget.value);
            void startReg.onChange(e);
          }}
        />
        <TextInput
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          label={t('field.endTime')}
          error={err(formState.errors.end?.message)}
          {...endReg}
          onBlur={(e) => {
            tidyTime('end', e.currentTarget.value);
            void endReg.onBlur(e);
          }}
          onChange={(e) => {
            onTimeChange('end', e.currentTarget.value);
            void endReg.onChange(e);
          }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NativeSelect label={t('field.state')} data={stateOptions} {...register('state')} />
        <TextInput
          label={t('field.displayedduration')}
          inputMode="numeric"
          error={err(formState.errors.displayedduration?.message)}
          {...durationReg}
        />
      </SimpleGrid>
      <Textarea label={t('field.comment')} autosize minRows={2} {...register('comment')} />
    </>
  );
}
