import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { appointmentBase, type Calendar } from '../../../contract/agenda.ts';
import { isoDate } from '../../../contract/common.ts';
import { Dialog } from '../../components/dialog.tsx';
import { PatientSearchBox, patientName } from '../../components/patient-search.tsx';
import { describeError } from '../../components/states.tsx';
import { useNavigationBlock } from '../../components/unsaved-changes.tsx';
import type { CreateRange } from './agenda-grid.tsx';
import { ChangeTable } from './conflict.tsx';
import {
  type AgendaItem,
  type AppointmentRecord,
  changedFields,
  dayOf,
  hhmm,
  MINUTES_PER_DAY,
  mergeRecords,
  minutesOf,
  parseHhmm,
  STATE_CHOICES,
  stateLabelKey,
  toRecord,
} from './model.ts';
import { confirmOverlap } from './overlap.ts';
import {
  createAppointmentMutation,
  deleteAppointmentMutation,
  fetchCurrent,
  patientQuery,
  replaceInLists,
  restoreLists,
  saveAppointmentMutation,
} from './queries.ts';

export type DialogMode = { kind: 'edit'; item: AgendaItem } | { kind: 'create'; range: CreateRange };

const timeRe = /^\d{2}:\d{2}$/;

/** The form: the contract's appointment fields plus the calendar, the day and the times as the inputs hold them. */
const formSchema = appointmentBase
  .pick({ appointment: true, comment: true, patid: true, state: true })
  .extend({
    calendar: z.string().regex(/^\d+$/, 'validation.calendar'),
    day: isoDate('validation.day'),
    start: z.string().regex(timeRe, 'validation.time'),
    end: z.string().regex(timeRe, 'validation.time'),
    displayedduration: z.string().regex(/^\d*$/, 'validation.duration'),
  })
  .refine((v) => v.end > v.start, { path: ['end'], error: 'validation.endAfterStart' })
  // An appointment nobody can read: neither a text nor a patient.
  .refine((v) => v.appointment.trim() !== '' || v.patid > 0, {
    path: ['appointment'],
    error: 'validation.textOrPatient',
  });

type FormValues = z.infer<typeof formSchema>;

function valuesOf(mode: DialogMode): FormValues {
  if (mode.kind === 'edit') {
    const { appt, calendarid } = mode.item;
    return {
      calendar: String(calendarid),
      day: dayOf(appt.date),
      start: hhmm(minutesOf(appt.date)),
      end: hhmm(minutesOf(appt.end)),
      appointment: appt.appointment,
      comment: appt.comment,
      patid: appt.patid,
      displayedduration: appt.displayedduration,
      state: appt.state,
    };
  }
  const { calendarid, day, start, end } = mode.range;
  const last = Math.min(end, MINUTES_PER_DAY - 1);
  return {
    calendar: String(calendarid),
    day,
    start: hhmm(start),
    end: hhmm(last),
    appointment: '',
    comment: '',
    patid: 0,
    displayedduration: String(last - start),
    state: 'P',
  };
}

/**
 * The record the form stands for. Times the user left as they were keep the loaded text exactly (seconds, an end on
 * another day), so that saving changes nothing the user did not change.
 */
export function recordOf(values: FormValues, loaded: AppointmentRecord | null): AppointmentRecord {
  const startSame =
    loaded !== null && values.day === dayOf(loaded.date) && values.start === hhmm(minutesOf(loaded.date));
  const endSame = loaded !== null && startSame && values.end === hhmm(minutesOf(loaded.end));
  return {
    calendarid: Number(values.calendar),
    date: startSame && loaded ? loaded.date : `${values.day} ${values.start}:00`,
    end: endSame && loaded ? loaded.end : `${values.day} ${values.end}:00`,
    patid: values.patid,
    appointment: values.appointment,
    comment: values.comment,
    displayedduration: values.displayedduration,
    state: values.state,
  };
}

type Phase =
  | { kind: 'edit' }
  | { kind: 'discard' }
  | { kind: 'confirmDelete' }
  | {
      kind: 'conflict';
      purpose: 'save' | 'delete';
      current: AgendaItem | null;
      mine: AppointmentRecord;
    };

export interface AppointmentDialogProps {
  mode: DialogMode;
  calendars: readonly Calendar[];
  onClose: () => void;
  /** Written: the dialog closes, the message is shown. */
  onDone: (message: string) => void;
}

/** Opens an appointment to change it, or creates one. Every write sends the complete record. */
export function AppointmentDialog({ mode, calendars, onClose, onDone }: AppointmentDialogProps) {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  // What the form was loaded from; after "show theirs" the service's current version.
  const [loaded, setLoaded] = useState<AgendaItem | null>(mode.kind === 'edit' ? mode.item : null);
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [changingPatient, setChangingPatient] = useState(false);

  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(mode),
  });
  const { register, handleSubmit, formState, setValue, getValues, watch, reset } = form;
  const dirty = formState.isDirty;

  const save = useMutation(saveAppointmentMutation());
  const create = useMutation(createAppointmentMutation());
  const remove = useMutation(deleteAppointmentMutation());

  // Leaving the page with unsaved changes asks first.
  const block = useNavigationBlock(dirty && !busy, { includeSearch: true });
  const askingToLeave = block.blocked;

  const patid = watch('patid');
  const patient = useQuery(patientQuery(patid));
  const loadedRecord = loaded ? toRecord(loaded.appt, loaded.calendarid) : null;

  const requestClose = () => {
    if (busy) return;
    if (dirty) setPhase({ kind: 'discard' });
    else onClose();
  };

  const fail = (e: unknown) => {
    setError(e);
    setBusy(false);
  };

  const write = async (record: AppointmentRecord) => {
    if (!loaded) return;
    setBusy(true);
    setError(null);
    try {
      await save.mutateAsync({ id: loaded.appt.id, record });
      onDone(t('dialog.saved'));
    } catch (e) {
      setPhase({ kind: 'edit' });
      fail(e);
    }
  };

  const deleteNow = async (record: AppointmentRecord) => {
    if (!loaded) return;
    setBusy(true);
    setError(null);
    const snapshot = replaceInLists(queryClient, loaded.appt.id, null);
    try {
      await remove.mutateAsync({ id: loaded.appt.id, record });
      onDone(t('dialog.deleted'));
    } catch (e) {
      restoreLists(queryClient, snapshot);
      setPhase({ kind: 'edit' });
      fail(e);
    }
  };

  /** Re-reads the appointment; writes only when nobody changed it since it was loaded, else asks. */
  const checkThen = async (purpose: 'save' | 'delete', mine: AppointmentRecord) => {
    if (!loaded || !loadedRecord) return;
    setBusy(true);
    setError(null);
    let current: AgendaItem | null;
    try {
      const appt = await fetchCurrent(loaded.appt, loaded.calendarid);
      current = appt ? { appt, calendarid: loaded.calendarid } : null;
    } catch (e) {
      fail(e);
      return;
    }
    if (!current || changedFields(loadedRecord, toRecord(current.appt, current.calendarid)).length > 0) {
      setBusy(false);
      setPhase({ kind: 'conflict', purpose, current, mine });
      return;
    }
    if (purpose === 'save') await write(mine);
    else await deleteNow(toRecord(current.appt, current.calendarid));
  };

  /** Asks first when the new time is held by other appointments of the calendar; false = the user said no. */
  const overlapAllows = async (record: { calendarid: number; date: string; end: string }) => {
    if (
      loadedRecord &&
      record.calendarid === loadedRecord.calendarid &&
      record.date === loadedRecord.date &&
      record.end === loadedRecord.end
    )
      return true;
    const name = calendars.find((c) => c.calendarid === record.calendarid)?.name ?? `#${record.calendarid}`;
    setBusy(true);
    try {
      return await confirmOverlap(queryClient, record, name, loaded?.appt.id);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const slot = {
        calendarid: Number(values.calendar),
        date: `${values.day} ${values.start}:00`,
        end: `${values.day} ${values.end}:00`,
      };
      if (!(await overlapAllows(mode.kind === 'create' ? slot : recordOf(values, loadedRecord)))) return;
    } catch (e) {
      fail(e);
      return;
    }
    if (mode.kind === 'create') {
      setBusy(true);
      setError(null);
      try {
        await create.mutateAsync({
          calendar: Number(values.calendar),
          date: `${values.day} ${values.start}:00`,
          end: `${values.day} ${values.end}:00`,
          patid: values.patid,
          appointment: values.appointment,
          comment: values.comment,
          displayedduration: values.displayedduration,
          state: values.state as (typeof STATE_CHOICES)[number],
        });
        onDone(t('dialog.created'));
      } catch (e) {
        fail(e);
      }
      return;
    }
    await checkThen('save', recordOf(values, loadedRecord));
  });

  const takeTheirs = (current: AgendaItem) => {
    setLoaded(current);
    const values = valuesOf({ kind: 'edit', item: current });
    follows.current = values.displayedduration === String(lengthOf(values.start, values.end));
    reset(values);
    setPhase({ kind: 'edit' });
  };

  // A displayed duration that shows the real length follows the times; one the user set otherwise stays.
  const follows = useRef(
    (() => {
      const v = valuesOf(mode);
      return v.displayedduration === String(lengthOf(v.start, v.end));
    })(),
  );
  const onTimeChange = (field: 'start' | 'end', value: string) => {
    const next = { ...getValues(), [field]: value };
    const length = lengthOf(next.start, next.end);
    if (follows.current && length !== null) {
      setValue('displayedduration', String(length), { shouldDirty: true });
    }
  };
  const durationReg = register('displayedduration', {
    onChange: (e: { target: { value: string } }) => {
      const v = getValues();
      follows.current = e.target.value === String(lengthOf(v.start, v.end));
    },
  });

  const err = (message: string | undefined) => (message ? t(message) : undefined);
  const title =
    mode.kind === 'create'
      ? t('dialog.createTitle')
      : `${t('dialog.editTitle')} ${hhmm(minutesOf(mode.item.appt.date))} ${mode.item.appt.appointment}`;

  const stateValue = watch('state');
  const stateOptions = [
    ...STATE_CHOICES.map((s) => ({ value: s, label: t(stateLabelKey(s)) })),
    { value: '', label: t('state.none') },
    // A state this app does not know stays choosable, so that saving does not change it.
    ...(STATE_CHOICES.includes(stateValue as (typeof STATE_CHOICES)[number]) || stateValue === ''
      ? []
      : [{ value: stateValue, label: t('state.other', { state: stateValue }) }]),
  ];

  const conflict = phase.kind === 'conflict' ? phase : null;
  const startReg = register('start');
  const endReg = register('end');

  return (
    <Dialog
      opened
      onClose={requestClose}
      title={title}
      size="lg"
      closeOnEscape={!busy}
      closeLabel={t('dialog.close')}
    >
      {askingToLeave && (
        <Alert color="orange" title={t('discard.title')} role="alert" mb="md">
          <Stack gap="xs">
            <Text size="sm">{t('discard.text')}</Text>
            <Group>
              <Button variant="default" onClick={block.stay}>
                {t('discard.keep')}
              </Button>
              <Button color="red" onClick={block.leave}>
                {t('discard.discard')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {conflict && loadedRecord ? (
        <Stack>
          <Alert color="orange" title={t('conflict.title')} role="alert">
            {conflict.current ? t('conflict.text') : t('conflict.gone')}
          </Alert>
          {conflict.current && (
            <ChangeTable
              loaded={loadedRecord}
              current={toRecord(conflict.current.appt, conflict.current.calendarid)}
              mine={conflict.purpose === 'save' ? conflict.mine : undefined}
              calendars={calendars}
            />
          )}
          {error !== null && (
            <Alert color="red" role="alert">
              {t('dialog.failed', { msg: describeError(error, t) })}
            </Alert>
          )}
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={() => setPhase({ kind: 'edit' })} disabled={busy}>
              {t('conflict.back')}
            </Button>
            {conflict.purpose === 'delete' ? (
              conflict.current && (
                <Button
                  color="red"
                  loading={busy}
                  onClick={() => {
                    const cur = conflict.current;
                    if (cur) void deleteNow(toRecord(cur.appt, cur.calendarid));
                  }}
                >
                  {t('conflict.deleteAnyway')}
                </Button>
              )
            ) : conflict.current ? (
              <>
                <Button
                  variant="default"
                  disabled={busy}
                  onClick={() => {
                    const cur = conflict.current;
                    if (cur) takeTheirs(cur);
                  }}
                >
                  {t('conflict.takeTheirs')}
                </Button>
                <Button variant="default" loading={busy} onClick={() => void write(conflict.mine)}>
                  {t('conflict.overwrite')}
                </Button>
                <Button
                  loading={busy}
                  onClick={() => {
                    const cur = conflict.current;
                    if (cur) {
                      void write(
                        mergeRecords(loadedRecord, conflict.mine, toRecord(cur.appt, cur.calendarid)),
                      );
                    }
                  }}
                >
                  {t('conflict.merge')}
                </Button>
              </>
            ) : (
              <Button loading={busy} onClick={() => void write(conflict.mine)}>
                {t('conflict.saveAnyway')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {error !== null && (
              <Alert color="red" role="alert">
                {t('dialog.failed', { msg: describeError(error, t) })}
              </Alert>
            )}
            <TextInput
              label={t('field.appointment')}
              error={err(formState.errors.appointment?.message)}
              {...register('appointment')}
              data-autofocus
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
                  label={t('dialog.searchPatient')}
                  autoFocus
                  onPick={(p) => {
                    queryClient.setQueryData(patientQuery(p.patid).queryKey, p);
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
              <TextInput
                type="date"
                label={t('field.day')}
                error={err(formState.errors.day?.message)}
                {...register('day')}
              />
              <TextInput
                type="time"
                label={t('field.start')}
                error={err(formState.errors.start?.message)}
                {...startReg}
                onChange={(e) => {
                  onTimeChange('start', e.currentTarget.value);
                  void startReg.onChange(e);
                }}
              />
              <TextInput
                type="time"
                label={t('field.endTime')}
                error={err(formState.errors.end?.message)}
                {...endReg}
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

            {phase.kind === 'discard' && (
              <Alert color="orange" title={t('discard.title')} role="alert">
                <Stack gap="xs">
                  <Text size="sm">{t('discard.text')}</Text>
                  <Group>
                    <Button variant="default" onClick={() => setPhase({ kind: 'edit' })}>
                      {t('discard.keep')}
                    </Button>
                    <Button color="red" onClick={onClose}>
                      {t('discard.discard')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {phase.kind === 'confirmDelete' && mode.kind === 'edit' && (
              <Alert color="red" title={t('confirmDelete.title')} role="alert">
                <Stack gap="xs">
                  <Text size="sm">
                    {t('confirmDelete.text', {
                      time: hhmm(minutesOf(mode.item.appt.date)),
                      text: mode.item.appt.appointment,
                    })}
                  </Text>
                  <Group>
                    <Button variant="default" onClick={() => setPhase({ kind: 'edit' })} disabled={busy}>
                      {t('confirmDelete.cancel')}
                    </Button>
                    <Button
                      color="red"
                      loading={busy}
                      onClick={() => loadedRecord && void checkThen('delete', loadedRecord)}
                    >
                      {t('confirmDelete.confirm')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}

            <Group justify="space-between" mt="sm">
              <div>
                {mode.kind === 'edit' && (
                  <Button
                    variant="outline"
                    color="red"
                    onClick={() => setPhase({ kind: 'confirmDelete' })}
                    disabled={busy}
                  >
                    {t('dialog.delete')}
                  </Button>
                )}
              </div>
              <Group>
                <Button variant="default" onClick={requestClose} disabled={busy}>
                  {t('dialog.cancel')}
                </Button>
                <Button type="submit" loading={busy}>
                  {mode.kind === 'create' ? t('dialog.create') : t('dialog.save')}
                </Button>
              </Group>
            </Group>
            {busy && mode.kind === 'edit' && (
              <Text size="sm" role="status">
                {t('dialog.checking')}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

function lengthOf(start: string, end: string): number | null {
  const a = parseHhmm(start);
  const b = parseHhmm(end);
  return a === null || b === null || b <= a ? null : b - a;
}
