import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  changedMeanwhile,
  createAppointmentMutation,
  deleteAppointmentMutation,
  fetchCurrent,
  findCreatedAppointment,
  saveAppointmentMutation,
} from '#api/agenda.ts';
import { createOnce, createOnceState, mayHaveArrived } from '#api/create-once.ts';
import { freedBy } from '#api/freed-time.ts';
import { Dialog } from '#components/dialog.tsx';
import { DiscardPrompt } from '#components/form-dialog.tsx';
import { contractResolver } from '#components/form-resolver.ts';
import { SaveFailed } from '#components/save-failed.tsx';
import { describeError } from '#components/states.tsx';
import { useNavigationBlock } from '#components/unsaved-changes.tsx';
import type { Calendar } from '#contract/agenda.ts';
import {
  type DialogMode,
  type FormValues,
  formSchema,
  lengthOf,
  recordOf,
  valuesOf,
} from '../appointment-form.ts';
import {
  type AgendaItem,
  type AppointmentRecord,
  changedFields,
  hhmm,
  minutesOf,
  type STATE_CHOICES,
  toRecord,
} from '../model.ts';
import { confirmClosed, confirmOverlap } from '../overlap.ts';
import { replaceInLists, restoreLists } from '../queries.ts';
import { ConflictPanel } from './appointment-conflict.tsx';
import { AppointmentFields } from './appointment-fields.tsx';

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

export type { DialogMode } from '../appointment-form.ts';

export interface AppointmentDialogProps {
  mode: DialogMode;
  calendars: readonly Calendar[];
  onClose: () => void;
  /** Written: the dialog closes, the message is shown. */
  onDone: (message: string) => void;
}

/** Opens an appointment to change it, or creates one. Every write sends the complete record. */
export function AppointmentDialog({ mode, calendars, onClose, onDone }: AppointmentDialogProps) {
  const { t, i18n } = useTranslation('agenda');
  const queryClient = useQueryClient();
  // What the form was loaded from; after "show theirs" the service's current version.
  const [loaded, setLoaded] = useState<AgendaItem | null>(mode.kind === 'edit' ? mode.item : null);
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The last failure was of a delete: its Retry asks for the delete again instead of sending the form.
  const [retryDelete, setRetryDelete] = useState(false);
  // A change failed in a way that may have written it anyway: a re-read that shows it counts as saved.
  const uncertain = useRef(false);
  // A create that may have been written without an answer: looked for before anything is sent again (0040).
  const once = useRef(createOnceState());

  const form = useForm<FormValues>({
    resolver: contractResolver(formSchema),
    defaultValues: valuesOf(mode),
  });
  const { handleSubmit, formState, setValue, getValues, reset } = form;
  const dirty = formState.isDirty;

  const save = useMutation(saveAppointmentMutation());
  const create = useMutation(createAppointmentMutation());
  const remove = useMutation(deleteAppointmentMutation());

  // Leaving the page with unsaved changes asks first.
  const block = useNavigationBlock(dirty && !busy, { includeSearch: true });
  const askingToLeave = block.blocked;

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

  /** Shows what changed since the form was loaded and asks (theirs, mine, or both). */
  const askAfterChange = async (purpose: 'save' | 'delete', mine: AppointmentRecord) => {
    if (!loaded) return;
    try {
      const appt = await fetchCurrent(loaded.appt, loaded.calendarid);
      setBusy(false);
      setPhase({
        kind: 'conflict',
        purpose,
        mine,
        current: appt ? { appt, calendarid: loaded.calendarid } : null,
      });
    } catch (e) {
      setPhase({ kind: 'edit' });
      fail(e);
    }
  };

  /**
   * `base`: the version the record is based on (the re-read one, or the one shown in the conflict). Where the
   * service gives versions it refuses a write over a change made after that re-read (409): then ask as well.
   */
  const write = async (record: AppointmentRecord, base: AgendaItem | null) => {
    if (!loaded) return;
    setBusy(true);
    setError(null);
    try {
      await save.mutateAsync({ id: loaded.appt.id, record, version: base?.appt.version });
      if (loadedRecord) freedBy(loadedRecord, record);
      onDone(t('dialog.saved'));
    } catch (e) {
      if (changedMeanwhile(e)) return askAfterChange('save', record);
      uncertain.current ||= mayHaveArrived(e);
      setPhase({ kind: 'edit' });
      fail(e);
    }
  };

  const deleteNow = async (record: AppointmentRecord, base: AgendaItem | null) => {
    if (!loaded) return;
    setBusy(true);
    setError(null);
    const snapshot = replaceInLists(queryClient, loaded.appt.id, null);
    try {
      await remove.mutateAsync({ id: loaded.appt.id, record, version: base?.appt.version });
      if (loadedRecord) freedBy(loadedRecord, null);
      onDone(t('dialog.deleted'));
    } catch (e) {
      restoreLists(queryClient, snapshot);
      if (changedMeanwhile(e)) return askAfterChange('delete', record);
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
    // A Save whose answer was lost that had reached the service: what is there is what the user asked for.
    if (
      uncertain.current &&
      purpose === 'save' &&
      current &&
      changedFields(mine, toRecord(current.appt, current.calendarid)).length === 0
    ) {
      onDone(t('dialog.saved'));
      return;
    }
    if (!current || changedFields(loadedRecord, toRecord(current.appt, current.calendarid)).length > 0) {
      setBusy(false);
      setPhase({ kind: 'conflict', purpose, current, mine });
      return;
    }
    if (purpose === 'save') await write(mine, current);
    else await deleteNow(toRecord(current.appt, current.calendarid), current);
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
    const calendar = calendars.find((c) => c.calendarid === record.calendarid);
    const name = calendar?.name ?? `#${record.calendarid}`;
    setBusy(true);
    try {
      // Closed time first (a holiday, an absence), then the calendar's other appointments.
      const language = i18n.resolvedLanguage ?? 'de';
      if (!(await confirmClosed(queryClient, record, calendar?.provider ?? null, language))) return false;
      return await confirmOverlap(queryClient, record, name, loaded?.appt.id);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setRetryDelete(false);
    const input = {
      calendar: Number(values.calendar),
      date: `${values.day} ${values.start}:00`,
      end: `${values.day} ${values.end}:00`,
      patid: values.patid,
      appointment: values.appointment,
      comment: values.comment,
      displayedduration: values.displayedduration,
      state: values.state as (typeof STATE_CHOICES)[number],
    };
    if (mode.kind === 'create') {
      const slot = { calendarid: input.calendar, date: input.date, end: input.end };
      setBusy(true);
      setError(null);
      try {
        // The overlap question comes after the look for a lost create, which it would take for another one.
        const outcome = await createOnce(once.current, {
          find: () => findCreatedAppointment(queryClient, input),
          before: async () => {
            const allowed = await overlapAllows(slot);
            setBusy(true);
            return allowed;
          },
          create: () => create.mutateAsync(input),
        });
        if ('stopped' in outcome) {
          setBusy(false);
          return;
        }
        onDone(outcome.found ? t('dialog.createdAfterLostAnswer') : t('dialog.created'));
      } catch (e) {
        fail(e);
      }
      return;
    }
    try {
      if (!(await overlapAllows(recordOf(values, loadedRecord)))) return;
    } catch (e) {
      fail(e);
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
  const onDurationChange = (value: string) => {
    const v = getValues();
    follows.current = value === String(lengthOf(v.start, v.end));
  };

  const title =
    mode.kind === 'create'
      ? t('dialog.createTitle')
      : `${t('dialog.editTitle')} ${hhmm(minutesOf(mode.item.appt.date))} ${mode.item.appt.appointment}`;

  const conflict = phase.kind === 'conflict' ? phase : null;

  return (
    <Dialog
      opened
      onClose={requestClose}
      title={title}
      size="lg"
      closeOnEscape={!busy}
      closeLabel={t('dialog.close')}
    >
      {askingToLeave && <DiscardPrompt mb="md" onKeep={block.stay} onDiscard={block.leave} />}

      {conflict && loadedRecord ? (
        <ConflictPanel
          conflict={conflict}
          loadedRecord={loadedRecord}
          calendars={calendars}
          busy={busy}
          error={error}
          onBack={() => setPhase({ kind: 'edit' })}
          onDelete={(record) => void deleteNow(record, conflict.current)}
          onWrite={(record) => void write(record, conflict.current)}
          onTakeTheirs={takeTheirs}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {/* The form keeps its values; Retry sends again what failed (0029, 0039). */}
            {error !== null && (
              <SaveFailed
                message={describeError(error, t)}
                saving={busy}
                retry={retryDelete ? () => setPhase({ kind: 'confirmDelete' }) : undefined}
              />
            )}
            <AppointmentFields
              form={form}
              calendars={calendars}
              onTimeChange={onTimeChange}
              onDurationChange={onDurationChange}
              withService={mode.kind === 'create'}
            />

            {phase.kind === 'discard' && (
              <DiscardPrompt onKeep={() => setPhase({ kind: 'edit' })} onDiscard={onClose} />
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
                      onClick={() => {
                        setRetryDelete(true);
                        if (loadedRecord) void checkThen('delete', loadedRecord);
                      }}
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
