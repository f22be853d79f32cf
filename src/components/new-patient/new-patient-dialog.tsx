import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { createOnce, createOnceState } from '#api/create-once.ts';
import { createCustomerMutation, findCreatedPatient } from '#api/system.ts';
import type { Patient } from '#contract/system.ts';
import { FormDialog, type FormDialogSubmit, useDraftForm } from '../form-dialog.tsx';
import { patientName } from '../patient-criteria.ts';
import { patientFacts } from '../patient-search.tsx';
import { findDuplicates, type PatientMatch } from './duplicates.ts';
import { PatientFields } from './patient-fields.tsx';
import {
  type CustomerBody,
  emptyNewPatient,
  type NewPatientValues,
  newPatientSchema,
  toCreateCustomerInput,
} from './schema.ts';

export interface NewPatientDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Values to start from (e.g. the patient of a lab message the practice does not know yet). */
  initial?: Partial<NewPatientValues>;
  /** After the patient was created; without it the patient's page opens. */
  onCreated?: (patid: number) => void;
  /**
   * "Use this patient" on a match found before creating (booking): the existing record instead of a new one.
   * Without it the matches are links to their records.
   */
  onUse?: (patient: Patient) => void;
}

/**
 * The one way the app creates a patient (patients page, booking, lab). Before createCustomer it looks for the same
 * person (duplicates.ts: name and date of birth, a similar name on the same date, AHV number, mail, phone or
 * mobile) and shows who it found, with "use this patient" first;
 * creating anyway is a second, deliberate step. The form stays filled while the dialog is closed (a draft) and
 * warns before leaving.
 */
export function NewPatientDialog({ opened, onClose, initial, onCreated, onUse }: NewPatientDialogProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [duplicates, setDuplicates] = useState<PatientMatch[] | null>(null);
  // What a refusal above the buttons is about: the search for the same person, or creating.
  const [step, setStep] = useState<'check' | 'create'>('check');
  // "Create anyway" sends the form again, without the search it answered (only that press: a retry after a
  // failure searches again, and finds the patient whose creation answered with an error).
  const anyway = useRef(false);
  const create = useMutation(createCustomerMutation());
  // A create whose answer was lost is looked for before anything else (decision 0040): the duplicate check would
  // list the patient it made. `shown`: the matches "create anyway" was pressed over, which the look leaves out.
  const once = useRef(createOnceState());
  const shown = useRef<number[]>([]);
  // The draft outlives the closed dialog (and the page asks before it is lost).
  const form = useDraftForm<NewPatientValues>(newPatientSchema, { ...emptyNewPatient(), ...initial });

  const finish = () => {
    anyway.current = false;
    setDuplicates(null);
    form.reset(emptyNewPatient());
    onClose();
  };

  const created = (result: { id: number; group?: unknown }, input: CustomerBody, found: boolean) => {
    finish();
    const say = (message: string) =>
      notifications.show({ closeButtonProps: { 'aria-label': t('close') }, color: 'green', message });
    // Found after a lost answer: said everywhere, so that nobody creates the patient again.
    if (found) say(t('newPatient.createdAfterLostAnswer', { id: result.id }));
    // A caller that takes the new patient shows it itself (booking's chosen patient, the lab's row); a toast
    // there would only cover what comes next (booking's confirmation bar).
    if (onCreated) {
      onCreated(result.id);
      return;
    }
    if (!found) {
      say(
        result.group === 'created'
          ? t('newPatient.createdWithGroup', { id: result.id, group: input.group ?? '' })
          : t('newPatient.created', { id: result.id }),
      );
    }
    void navigate(`/patients/${result.id}`);
  };

  const submit = async (
    values: NewPatientValues,
    _form: unknown,
    outcome: FormDialogSubmit<NewPatientValues>,
  ) => {
    const input = toCreateCustomerInput(values);
    const confirmed = anyway.current;
    anyway.current = false;
    if (!confirmed) shown.current = [];
    setStep(once.current.uncertain ? 'create' : 'check');
    try {
      const result = await createOnce(once.current, {
        find: () => findCreatedPatient(queryClient, input, shown.current),
        before: async () => {
          if (!confirmed) {
            setStep('check');
            const hits = await findDuplicates(queryClient, input);
            if (hits.length > 0) {
              shown.current = hits.map((h) => h.patient.patid);
              setDuplicates(hits);
              return false;
            }
          }
          setStep('create');
          return true;
        },
        create: () => create.mutateAsync(input),
      });
      if ('stopped' in result) {
        outcome.notSaved();
        return;
      }
      created(result.value, input, result.found);
    } catch (error) {
      // Back to the form, where the refusal is shown (on its field, or above the buttons).
      setDuplicates(null);
      throw error;
    }
  };

  const use = (patient: Patient) => {
    finish();
    onUse?.(patient);
  };

  return (
    <FormDialog<NewPatientValues>
      draft={form}
      opened={opened}
      onClose={onClose}
      title={duplicates ? t('newPatient.duplicatesTitle') : t('newPatient.title')}
      size="xl"
      onSubmit={submit}
      fieldOf={(msg) => (msg.startsWith('Unknown language') ? 'language' : null)}
      errorTitle={step === 'check' ? t('newPatient.checkFailed') : t('newPatient.failed')}
      submitLabel={t('newPatient.submit')}
      cancelLabel={t('newPatient.cancel')}
      footerStart={
        <Button
          variant="subtle"
          color="gray"
          onClick={() => form.reset(emptyNewPatient())}
          disabled={!form.formState.isDirty}
        >
          {t('newPatient.clear')}
        </Button>
      }
      instead={
        duplicates &&
        (({ submit: send, saving }) => (
          <Duplicates
            hits={duplicates}
            onUse={onUse && use}
            onOpen={onClose}
            onBack={() => {
              anyway.current = false;
              setDuplicates(null);
            }}
            onCreateAnyway={() => {
              anyway.current = true;
              send();
            }}
            creating={saving}
          />
        ))
      }
    >
      {() => (
        <>
          <PatientFields form={form} autoFocus />
          <TextInput
            {...form.register('group')}
            label={t('fields.group')}
            description={t('newPatient.groupHint')}
            // Only a limit can be wrong here; the resolver says it in the user's language.
            error={form.formState.errors.group?.message}
          />
          <Text size="xs" c="dimmed">
            {t('newPatient.checkHint')}
          </Text>
        </>
      )}
    </FormDialog>
  );
}

/**
 * Who was found before creating: "use this patient" first (when the caller takes one), a link to each record,
 * going back to the form, or creating anyway as a second, deliberate step.
 */
function Duplicates({
  hits,
  onUse,
  onOpen,
  onBack,
  onCreateAnyway,
  creating,
}: {
  hits: PatientMatch[];
  onUse: ((patient: Patient) => void) | undefined;
  onOpen: () => void;
  onBack: () => void;
  onCreateAnyway: () => void;
  creating: boolean;
}) {
  const { t } = useTranslation('patients');
  return (
    <Stack>
      <Alert
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
        color="yellow"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
      >
        {onUse
          ? t('newPatient.duplicatesUse', { count: hits.length })
          : t('newPatient.duplicatesText', { count: hits.length })}
      </Alert>
      {/* A list, not a table: name, facts and the choice stay together on a phone too. */}
      <Stack gap="xs" component="ul" aria-label={t('newPatient.duplicatesList')} p={0} m={0}>
        {hits.map(({ patient: p, by }, i) => (
          <Paper key={p.patid} component="li" withBorder p="sm" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={`/patients/${p.patid}`} onClick={onOpen} fw={600}>
                    {patientName(p)}
                  </Anchor>
                  {p.deleted === '1' && (
                    <Badge color="red.9" size="sm">
                      {t('deleted')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{patientFacts(p).join(' · ')}</Text>
                <Text size="sm" fw={500}>
                  {by.map((b) => t(`newPatient.by.${b}`)).join(' · ')}
                </Text>
              </Stack>
              {onUse && p.deleted !== '1' && (
                <Button
                  size="xs"
                  onClick={() => onUse(p)}
                  data-autofocus={i === 0 ? true : undefined}
                  aria-label={t('newPatient.useLabel', { name: patientName(p), patid: p.patid })}
                >
                  {t('newPatient.use')}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('newPatient.back')}
        </Button>
        <Button
          variant="light"
          color="orange"
          onClick={onCreateAnyway}
          loading={creating}
          data-autofocus={onUse ? undefined : true}
        >
          {t('newPatient.createAnyway')}
        </Button>
      </Group>
    </Stack>
  );
}
