import {
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { createAbsenceMutation, findCreatedAbsence } from '#api/agenda/closed-time.ts';
import { appointmentsQuery } from '#api/agenda.ts';
import { createOnce, createOnceState } from '#api/create-once.ts';
import { DayField, TimeField } from '#components/date-time-fields.tsx';
import { FormDialog, type FormDialogForm } from '#components/form-dialog.tsx';
import { formatDateTime } from '#components/format.ts';
import type { Calendar } from '#contract/agenda.ts';
import { addDays, clockTimeRe, isRealDate } from '#contract/practice-time.ts';
import { type AgendaItem, isCancelledState } from '../model.ts';

/** A time as TimeField keeps it (`HH:MM`), by the practice clock's pattern (contract/practice-time.ts). */
const clockTime = new RegExp(`^${clockTimeRe}$`);
/** A reason is a few words ("Weiterbildung"); the service would take more. */
export const REASON_MAX = 200;

/** The absence as typed: whole days, or from a time until a time. */
export interface AbsenceFormValues {
  /** The practitioner's userid, '0' for the whole practice. */
  provider: string;
  whole: 'days' | 'times';
  fromDay: string;
  untilDay: string;
  fromTime: string;
  untilTime: string;
  reason: string;
}

export const absenceFormSchema: z.ZodType<AbsenceFormValues, AbsenceFormValues> = z
  .object({
    provider: z.string(),
    whole: z.enum(['days', 'times']),
    fromDay: z.string().refine(isRealDate),
    untilDay: z.string().refine(isRealDate),
    fromTime: z.string(),
    untilTime: z.string(),
    reason: z.string().trim().max(REASON_MAX),
  })
  .refine((v) => v.whole === 'days' || clockTime.test(v.fromTime), { path: ['fromTime'] })
  .refine((v) => v.whole === 'days' || clockTime.test(v.untilTime), { path: ['untilTime'] })
  .refine((v) => periodOf(v) !== null, { path: ['untilDay'], message: 'until' });

/** The period as createAbsence takes it and as it closes time (`until` the first moment open again), or null. */
export function periodOf(v: AbsenceFormValues): { from: string; until: string; closesUntil: string } | null {
  if (!isRealDate(v.fromDay) || !isRealDate(v.untilDay)) return null;
  if (v.whole === 'days') {
    if (v.untilDay < v.fromDay) return null;
    return { from: v.fromDay, until: v.untilDay, closesUntil: `${addDays(v.untilDay, 1)} 00:00:00` };
  }
  if (!clockTime.test(v.fromTime) || !clockTime.test(v.untilTime)) return null;
  const from = `${v.fromDay} ${v.fromTime.slice(0, 5)}:00`;
  const until = `${v.untilDay} ${v.untilTime.slice(0, 5)}:00`;
  return until > from ? { from, until, closesUntil: until } : null;
}

const fromOf = (p: { from: string }) => (p.from.length === 10 ? `${p.from} 00:00:00` : p.from);

export interface AbsenceDialogProps {
  opened: boolean;
  /** The calendars of the agenda: their practitioners are offered, their appointments checked. */
  calendars: readonly Calendar[];
  /** The day the dialog starts on. */
  day: string;
  /** The practitioner it starts with (the one whose calendar is shown); else the first. */
  provider?: number;
  onClose: () => void;
  /** Saved: the agenda says so. */
  onSaved: (message: string) => void;
  /** Opens an appointment the absence touches, in the agenda. */
  openAppointment: (item: AgendaItem) => string;
}

/**
 * Enters an absence (a practitioner's, or the whole practice closed): whole days or from a time until a time, with a
 * reason. Lists the appointments it touches, to move them, before and after saving. A refused or unreachable save
 * keeps what was typed (the form-dialog kit).
 */
export function AbsenceDialog({
  opened,
  calendars,
  day,
  provider,
  onClose,
  onSaved,
  openAppointment,
}: AbsenceDialogProps) {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  const create = useMutation(createAbsenceMutation());
  // createAbsence has no idempotency key: a save whose answer was lost is looked for before it is sent again (also
  // after the dialog was closed and opened again: it stays mounted with the agenda).
  const once = useRef(createOnceState());
  const [saved, setSaved] = useState<AbsenceFormValues | null>(null);
  const practitioners = [
    ...new Map(
      calendars.filter((c) => c.provider !== null).map((c) => [c.provider as number, c.name]),
    ).entries(),
  ];
  const defaults: AbsenceFormValues = {
    provider: String(practitioners.find(([id]) => id === provider)?.[0] ?? practitioners[0]?.[0] ?? 0),
    whole: 'days',
    fromDay: day,
    untilDay: day,
    fromTime: '08:00',
    untilTime: '12:00',
    reason: '',
  };

  const close = () => {
    setSaved(null);
    onClose();
  };

  return (
    <FormDialog<AbsenceFormValues, AbsenceFormValues>
      opened={opened}
      onClose={close}
      title={t('absence.title')}
      closeLabel={t('dialog.close')}
      schema={absenceFormSchema}
      defaultValues={defaults}
      errorTitle={t('absence.failed')}
      cancelLabel={t('dialog.cancel')}
      submitLabel={t('absence.save')}
      size="lg"
      instead={
        saved ? (
          <Stack gap="sm">
            <Text>{t('absence.savedText')}</Text>
            <Touched
              values={saved}
              calendars={calendars}
              openAppointment={openAppointment}
              onOpen={close}
              links
            />
            <Group justify="flex-end">
              <Button onClick={close} data-autofocus>
                {t('dialog.close')}
              </Button>
            </Group>
          </Stack>
        ) : undefined
      }
      onSubmit={async (values) => {
        const period = periodOf(values);
        if (!period) return;
        const input = {
          provider: Number(values.provider),
          from: period.from,
          until: period.until,
          reason: values.reason.trim(),
        };
        const outcome = await createOnce(once.current, {
          find: () => findCreatedAbsence(queryClient, input),
          create: () => create.mutateAsync(input),
        });
        if ('stopped' in outcome) return;
        onSaved(outcome.found ? t('absence.savedAfterLostAnswer') : t('absence.saved'));
        setSaved(values);
      }}
    >
      {(form) => (
        <AbsenceFields
          form={form}
          practitioners={practitioners}
          calendars={calendars}
          openAppointment={openAppointment}
          onOpen={close}
        />
      )}
    </FormDialog>
  );
}

function AbsenceFields({
  form,
  practitioners,
  calendars,
  openAppointment,
  onOpen,
}: {
  form: FormDialogForm<AbsenceFormValues, AbsenceFormValues>;
  practitioners: [number, string][];
  calendars: readonly Calendar[];
  openAppointment: (item: AgendaItem) => string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('agenda');
  const { control, formState } = form;
  const values = useWatch({ control }) as AbsenceFormValues;
  const errors = formState.errors;
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="provider"
        render={({ field }) => (
          <NativeSelect
            label={t('absence.who')}
            data={[
              ...practitioners.map(([id, name]) => ({ value: String(id), label: name })),
              { value: '0', label: t('absence.wholePractice') },
            ]}
            {...field}
          />
        )}
      />
      <Controller
        control={control}
        name="whole"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="absence-kind">
              {t('absence.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="absence-kind"
              data={[
                { value: 'days', label: t('absence.wholeDays') },
                { value: 'times', label: t('absence.withTimes') },
              ]}
              value={field.value}
              onChange={field.onChange}
              w="fit-content"
            />
          </Stack>
        )}
      />
      <Group align="flex-start" grow wrap="wrap">
        <Controller
          control={control}
          name="fromDay"
          render={({ field }) => (
            <DayField
              label={t('absence.fromDay')}
              value={field.value}
              onChange={field.onChange}
              error={errors.fromDay ? t('absence.badDay') : undefined}
              required
            />
          )}
        />
        {values.whole === 'times' && (
          <Controller
            control={control}
            name="fromTime"
            render={({ field }) => (
              <TimeField
                label={t('absence.fromTime')}
                value={field.value}
                onChange={field.onChange}
                error={errors.fromTime ? t('absence.badTime') : undefined}
              />
            )}
          />
        )}
      </Group>
      <Group align="flex-start" grow wrap="wrap">
        <Controller
          control={control}
          name="untilDay"
          render={({ field }) => (
            <DayField
              label={t('absence.untilDay')}
              value={field.value}
              onChange={field.onChange}
              error={
                errors.untilDay
                  ? isRealDate(field.value)
                    ? t('absence.untilBeforeFrom')
                    : t('absence.badDay')
                  : undefined
              }
              required
            />
          )}
        />
        {values.whole === 'times' && (
          <Controller
            control={control}
            name="untilTime"
            render={({ field }) => (
              <TimeField
                label={t('absence.untilTime')}
                value={field.value}
                onChange={field.onChange}
                error={errors.untilTime ? t('absence.badTime') : undefined}
              />
            )}
          />
        )}
      </Group>
      <TextInput
        label={t('absence.reason')}
        placeholder={t('absence.reasonPlaceholder')}
        maxLength={REASON_MAX}
        {...form.register('reason')}
      />
      <Touched values={values} calendars={calendars} openAppointment={openAppointment} onOpen={onOpen} />
    </Stack>
  );
}

/** The appointments in the absence (of the practitioner's calendars, or all for the whole practice), to move. */
function Touched({
  values,
  calendars,
  openAppointment,
  onOpen,
  links = false,
}: {
  values: AbsenceFormValues;
  calendars: readonly Calendar[];
  openAppointment: (item: AgendaItem) => string;
  onOpen: () => void;
  /** After saving: each opens in the agenda (before, a link would leave the form). */
  links?: boolean;
}) {
  const { t } = useTranslation('agenda');
  const period = periodOf(values);
  const provider = Number(values.provider);
  const affected = calendars.filter((c) => provider === 0 || c.provider === provider);
  // A long absence is checked for its first 62 days: the list is for moving, not a report.
  const until = period ? minDay(period.closesUntil.slice(0, 10), addDays(values.fromDay, 62)) : '';
  const results = useQueries({
    queries: period
      ? affected.map((c) => appointmentsQuery({ calendarid: c.calendarid, from: values.fromDay, until }))
      : [],
  });
  if (!period) return null;
  const from = fromOf(period);
  const items: AgendaItem[] = results
    .flatMap((r, i) => (r.data ?? []).map((appt) => ({ appt, calendarid: affected[i].calendarid })))
    .filter(({ appt }) => !isCancelledState(appt.state) && appt.date < period.closesUntil && appt.end > from)
    .sort((a, b) => a.appt.date.localeCompare(b.appt.date));
  const loading = results.some((r) => r.isPending);
  return (
    <Stack gap={4} data-testid="absence-touched">
      <Text size="sm" fw={600} role="status">
        {loading
          ? t('absence.checking')
          : items.length === 0
            ? t('absence.noneTouched')
            : t('absence.touched', { count: items.length })}
      </Text>
      {items.length > 0 && (
        <List size="sm" spacing={2} style={{ maxHeight: 180, overflowY: 'auto' }}>
          {items.map((item) => (
            <List.Item key={item.appt.id}>
              {links ? (
                <Anchor component={Link} to={openAppointment(item)} onClick={onOpen}>
                  {appointmentText(item)}
                </Anchor>
              ) : (
                appointmentText(item)
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

const appointmentText = ({ appt }: AgendaItem) =>
  `${formatDateTime(appt.date)} · ${appt.calendar} · ${appt.appointment}`;

function minDay(a: string, b: string) {
  return a < b ? a : b;
}
