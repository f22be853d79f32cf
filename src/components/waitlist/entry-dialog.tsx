import {
  Alert,
  Anchor,
  CloseButton,
  Group,
  Input,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  addWaitlistEntryMutation,
  findCreatedWaitlistEntry,
  type KnownEntries,
  modifyWaitlistEntryMutation,
  waitlistEntryIds,
  waitlistQuery,
} from '#api/agenda/waitlist.ts';
import { servicesQuery } from '#api/booking.ts';
import { isApiError } from '#api/client.ts';
import { createOnce, createOnceState } from '#api/create-once.ts';
import { providerLabel } from '#api/name-format.ts';
import { opScope } from '#api/queries.ts';
import { allProvidersQuery, customerQuery, isMissingOperation } from '#api/system.ts';
import {
  WAITLIST_NOTE_MAX,
  type WaitlistEntry,
  waitlistMessages,
  waitlistStatuses,
  waitlistTimes,
} from '#contract/agenda-waitlist.ts';
import type { Patient } from '#contract/system.ts';
import { DayField } from '../date-time-fields.tsx';
import { FormDialog, type FormDialogForm, type FormDialogSubmit } from '../form-dialog.tsx';
import { useMessageWords } from '../messages.ts';
import { PatientSearchBox, patientFacts, patientName } from '../patient-search.tsx';
import { describeError } from '../states.tsx';
import {
  draftOf,
  type EntryDraft,
  type EntryPreset,
  entryDraftSchema,
  fieldOf,
  INVALID_DAY,
  newDraft,
  toAddInput,
  toModifyInput,
} from './entry-form.ts';
import { priorityKeys } from './words.ts';

const segmentStyles = { label: { whiteSpace: 'normal', lineHeight: 1.25 } } as const;

export type WaitlistDialogTarget =
  | { kind: 'add'; preset: EntryPreset }
  | { kind: 'edit'; entry: WaitlistEntry };

export interface WaitlistEntryDialogProps {
  /** null: closed. */
  target: WaitlistDialogTarget | null;
  onClose: () => void;
}

/**
 * Add a patient to the waiting list, or change an entry (with `ifVersion`: a colleague's change meanwhile keeps
 * what was typed, shows theirs in the other fields and says so). The app's one form-dialog kit and patient picker
 * (a deleted patient is never taken). Loaded with its strings when first opened (lazy-entry-dialog.tsx).
 */
export function WaitlistEntryDialog({ target, onClose }: WaitlistEntryDialogProps) {
  if (!target) return null;
  const key = target.kind === 'edit' ? `edit-${target.entry.entryId}` : `add-${target.preset.patid ?? 0}`;
  return <EntryDialog key={key} target={target} onClose={onClose} />;
}

/** A 404 of the operation itself (a real tenant without a waiting list), not of a patient or practitioner. */
function withoutWaitlist(error: unknown): boolean {
  return (
    isMissingOperation(error) &&
    isApiError(error) &&
    error.msg !== waitlistMessages.patientNotFound &&
    error.msg !== waitlistMessages.provider &&
    error.msg !== waitlistMessages.notFound
  );
}

function EntryDialog({ target, onClose }: { target: WaitlistDialogTarget; onClose: () => void }) {
  const { t } = useTranslation('waitlist');
  const words = useMessageWords();
  const queryClient = useQueryClient();
  const add = useMutation(addWaitlistEntryMutation());
  const once = useRef(createOnceState());
  // Each patient's entries before this dialog's first add for them: what a lost add wrote is told from them.
  const known = useRef(new Map<number, KnownEntries>());
  const modify = useMutation(modifyWaitlistEntryMutation());
  const editing = target.kind === 'edit';
  // The entry the next save is based on: after a colleague's change, the fresh one (its version).
  const base = useRef<WaitlistEntry | null>(target.kind === 'edit' ? target.entry : null);
  const [changed, setChanged] = useState(false);
  const [start] = useState<EntryDraft>(() =>
    target.kind === 'edit' ? draftOf(target.entry) : newDraft(target.preset),
  );

  const done = (message: string) => {
    notifications.show({ color: 'green', closeButtonProps: { 'aria-label': t('close') }, message });
    onClose();
  };

  const save = async (
    values: EntryDraft,
    form: FormDialogForm<EntryDraft, EntryDraft>,
    outcome: FormDialogSubmit<EntryDraft>,
  ) => {
    setChanged(false);
    try {
      const entry = base.current;
      if (!entry) {
        // Entered once even when the answer was lost (decision 0040): looked for before it is sent again.
        const input = toAddInput(values);
        const outcome = await createOnce(once.current, {
          find: () => findCreatedWaitlistEntry(input, known.current.get(values.patid)),
          before: async () => {
            if (!known.current.has(values.patid))
              known.current.set(values.patid, await waitlistEntryIds(values.patid));
            return true;
          },
          create: () => add.mutateAsync(input),
        });
        if ('stopped' in outcome) return;
        if (outcome.found) await queryClient.invalidateQueries({ queryKey: opScope('getWaitlist') });
        const patient = queryClient.getQueryData(customerQuery(values.patid).queryKey);
        const name = patient ? patientName(patient) : `#${values.patid}`;
        done(t(outcome.found ? 'form.createdAfterLostAnswer' : 'form.created', { patient: name }));
        return;
      }
      try {
        await modify.mutateAsync(toModifyInput(entry, values));
      } catch (error) {
        if (!(isApiError(error) && error.msg === waitlistMessages.changed)) throw error;
        // Nothing was written: the entry as it is now, the person's own changes kept over it (the form kit).
        const list = await queryClient.fetchQuery({
          ...waitlistQuery({ status: 'all', patid: entry.patid }),
          staleTime: 0,
        });
        const fresh = list.find((e) => e.entryId === entry.entryId);
        if (!fresh) throw error;
        base.current = fresh;
        setChanged(true);
        outcome.rebase(draftOf(fresh));
        return;
      }
      done(t('form.saved'));
    } catch (error) {
      // Said above the buttons, the input kept: a server without a waiting list, or a refusal of the service that
      // belongs to no field, in the person's language. Anything else goes where the form kit puts it.
      const said = withoutWaitlist(error)
        ? t('form.unavailable')
        : isApiError(error) && fieldOf(error.msg) === null && words.text(error.msg) !== error.msg
          ? words.text(error.msg)
          : null;
      if (said === null) throw error;
      form.setError('root.server', { message: said });
      outcome.notSaved();
    }
  };

  return (
    <FormDialog<EntryDraft>
      opened
      onClose={onClose}
      title={editing ? t('form.editTitle') : t('form.newTitle')}
      size="lg"
      schema={entryDraftSchema}
      defaultValues={start}
      fieldOf={fieldOf}
      errorTitle={t('form.failed')}
      submitLabel={editing ? t('form.save') : t('form.create')}
      onSubmit={save}
    >
      {(form) => (
        <>
          {changed && (
            <Alert color="orange" role="alert" p="xs" data-testid="waitlist-changed">
              {t('form.changedMeanwhile')}
            </Alert>
          )}
          <EntryFields form={form} editing={editing} />
        </>
      )}
    </FormDialog>
  );
}

function EntryFields({ form, editing }: { form: FormDialogForm<EntryDraft, EntryDraft>; editing: boolean }) {
  const { t } = useTranslation('waitlist');
  const words = useMessageWords();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const services = useQuery(servicesQuery());
  const providers = useQuery(allProvidersQuery());
  const serviceid = useWatch({ control, name: 'serviceid' });
  const provider = useWatch({ control, name: 'provider' });
  const note = useWatch({ control, name: 'note' });

  // The contract's and the service's messages in the app's language (the note's limit is said so by the form kit).
  const err = (key: keyof EntryDraft) => {
    const m = errors[key]?.message;
    if (!m) return undefined;
    return m === INVALID_DAY ? t('form.errors.date') : words.text(m);
  };

  // The practitioners who offer the chosen service (any service: every active one), and the one chosen already.
  const chosenService = services.data?.find((s) => String(s.serviceid) === serviceid);
  const providerOptions = (providers.data ?? []).filter(
    (p) =>
      String(p.userid) === provider ||
      (p.active && (!chosenService || chosenService.providers.includes(p.userid))),
  );
  const serviceOptions = [
    { value: '0', label: t('anyService') },
    ...(services.data ?? []).map((s) => ({ value: String(s.serviceid), label: s.name })),
    // An entry whose service is no longer offered keeps it.
    ...(services.data && serviceid !== '0' && !services.data.some((s) => String(s.serviceid) === serviceid)
      ? [{ value: serviceid, label: `#${serviceid}` }]
      : []),
  ];
  const loadError = services.error ?? providers.error;

  return (
    <>
      {loadError && (
        <Alert color="red" p="xs">
          {t('form.loadFailed', { msg: describeError(loadError, t) })}
        </Alert>
      )}
      <Controller
        control={control}
        name="patid"
        render={({ field }) => (
          <PatientField
            patid={field.value}
            onChange={field.onChange}
            readOnly={editing}
            error={err('patid')}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t('form.service')}
          data={serviceOptions}
          error={err('serviceid')}
          {...register('serviceid')}
        />
        <NativeSelect
          label={t('form.provider')}
          data={[
            { value: '0', label: t('anyProvider') },
            ...providerOptions.map((p) => ({ value: String(p.userid), label: providerLabel(p) })),
            ...(providers.data && provider !== '0' && !providerOptions.length
              ? [{ value: provider, label: `#${provider}` }]
              : []),
          ]}
          error={err('provider')}
          {...register('provider')}
        />
        {(['earliest', 'latest'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <DayField
                label={t(`form.${name}`)}
                description={t('form.windowHint')}
                clearable
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err(name)}
              />
            )}
          />
        ))}
      </SimpleGrid>
      <Controller
        control={control}
        name="times"
        render={({ field }) => (
          <Segments
            id="waitlist-times-label"
            label={t('form.times')}
            value={field.value}
            onChange={field.onChange}
            data={waitlistTimes.map((v) => ({ value: v, label: t(`times.${v}`) }))}
          />
        )}
      />
      <Controller
        control={control}
        name="priority"
        render={({ field }) => (
          <Segments
            id="waitlist-priority-label"
            label={t('form.priority')}
            value={field.value}
            onChange={field.onChange}
            data={priorityKeys.map((key, i) => ({ value: String(i), label: t(`priority.${key}`) }))}
          />
        )}
      />
      <Textarea
        label={t('form.note')}
        description={`${t('form.noteHint', { max: WAITLIST_NOTE_MAX })} · ${note.length}`}
        autosize
        minRows={2}
        maxRows={6}
        error={err('note')}
        {...register('note')}
      />
      {editing && (
        <NativeSelect
          label={t('form.status')}
          data={waitlistStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          {...register('status')}
        />
      )}
    </>
  );
}

/** A labelled choice of a few (the time of day, the priority); a long word wraps in its segment on a phone. */
function Segments(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
}) {
  return (
    <Input.Wrapper label={props.label} labelProps={{ id: props.id }}>
      <SegmentedControl
        fullWidth
        styles={segmentStyles}
        aria-labelledby={props.id}
        value={props.value}
        onChange={props.onChange}
        data={props.data}
      />
    </Input.Wrapper>
  );
}

interface PatientFieldProps {
  patid: number;
  onChange: (patid: number) => void;
  readOnly: boolean;
  error?: string;
}

/** The chosen patient (name, birth date, number) with "choose another", or the app's patient search. */
function PatientField({ patid, onChange, readOnly, error }: PatientFieldProps) {
  const { t } = useTranslation('waitlist');
  const words = useMessageWords();
  const patient = useQuery({ ...customerQuery(patid), enabled: patid > 0 });
  // A patient from the caller (booking, the patient page, Ctrl+K) who proves deleted is not taken: the form's value
  // goes back to none (so nothing is sent for them), the search shows and says why until another patient is chosen.
  const deleted = !readOnly && patient.data?.deleted === '1';
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!deleted) return;
    setRefused(true);
    onChange(0);
  }, [deleted, onChange]);
  if (patid <= 0 || deleted) {
    return (
      <PatientSearchBox
        excludeDeleted
        label={t('form.patient')}
        placeholder={t('form.patientPlaceholder')}
        onPick={(p: Patient) => {
          setRefused(false);
          onChange(p.patid);
        }}
        error={error ?? (refused ? words.text(waitlistMessages.patientDeleted) : undefined)}
        required
        autoFocus
      />
    );
  }
  const text = patient.data
    ? `${patientName(patient.data)} · ${patientFacts(patient.data).join(' · ')}`
    : patient.isError
      ? t('patientUnknown', { patid })
      : '…';
  return (
    <Input.Wrapper label={t('form.patient')} error={error} required>
      <Paper withBorder px="sm" py={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" data-testid="waitlist-patient">
            <Anchor component={Link} to={`/patients/${patid}`}>
              {text}
            </Anchor>
          </Text>
          {!readOnly && (
            <CloseButton size="sm" aria-label={t('form.changePatient')} onClick={() => onChange(0)} />
          )}
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}
