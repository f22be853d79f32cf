import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '#api/client.ts';
import { createCustomerMutation } from '#api/system.ts';
import type { Patient } from '#contract/system.ts';
import { Dialog } from '../dialog.tsx';
import { contractResolver } from '../form-resolver.ts';
import { patientName } from '../patient-criteria.ts';
import { patientFacts } from '../patient-search.tsx';
import { applyServerError } from '../server-error.ts';
import { describeError } from '../states.tsx';
import { useUnsavedChangesGuard } from '../unsaved-changes.tsx';
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
 * person (last name and date of birth, AHV number, mail) and shows who it found, with "use this patient" first;
 * creating anyway is a second, deliberate step. The form stays filled while the dialog is closed (a draft) and
 * warns before leaving.
 */
export function NewPatientDialog({ opened, onClose, initial, onCreated, onUse }: NewPatientDialogProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [duplicates, setDuplicates] = useState<{ input: CustomerBody; hits: PatientMatch[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const create = useMutation(createCustomerMutation());
  const form = useForm<NewPatientValues>({
    resolver: contractResolver(newPatientSchema),
    defaultValues: { ...emptyNewPatient(), ...initial },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;
  const guard = useUnsavedChangesGuard(isDirty);

  const finish = () => {
    setDuplicates(null);
    reset(emptyNewPatient());
    onClose();
    guard.allowNextNavigation();
  };

  const doCreate = (input: CustomerBody) => {
    create.mutate(input, {
      onSuccess: (result) => {
        finish();
        // A caller that takes the new patient shows it itself (booking's chosen patient, the lab's row); a toast
        // there would only cover what comes next (booking's confirmation bar).
        if (onCreated) {
          onCreated(result.id);
          return;
        }
        notifications.show({
          closeButtonProps: { 'aria-label': t('close') },
          color: 'green',
          message:
            result.group === 'created'
              ? t('newPatient.createdWithGroup', { id: result.id, group: input.group ?? '' })
              : t('newPatient.created', { id: result.id }),
        });
        void navigate(`/patients/${result.id}`);
      },
      onError: (error) => {
        setDuplicates(null);
        applyServerError(setError, error, (msg) => (msg.startsWith('Unknown language') ? 'language' : null));
      },
    });
  };

  const submit = handleSubmit(async (values) => {
    const input = toCreateCustomerInput(values);
    setCheckError(null);
    setChecking(true);
    try {
      const hits = await findDuplicates(queryClient, input);
      if (hits.length > 0) setDuplicates({ input, hits });
      else doCreate(input);
    } catch (e) {
      setCheckError(e);
    } finally {
      setChecking(false);
    }
  });

  const use = (patient: Patient) => {
    finish();
    onUse?.(patient);
  };

  const createError =
    create.error && !(isApiError(create.error) && create.error.msg.startsWith('Unknown language'));

  return (
    <>
      {guard.dialog}
      <Dialog
        opened={opened}
        onClose={onClose}
        title={duplicates ? t('newPatient.duplicatesTitle') : t('newPatient.title')}
        size="xl"
      >
        {duplicates ? (
          <Stack>
            <Alert
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              color="yellow"
              icon={<IconAlertTriangle aria-hidden />}
              role="alert"
            >
              {onUse
                ? t('newPatient.duplicatesUse', { count: duplicates.hits.length })
                : t('newPatient.duplicatesText', { count: duplicates.hits.length })}
            </Alert>
            {/* A list, not a table: name, facts and the choice stay together on a phone too. */}
            <Stack gap="xs" component="ul" aria-label={t('newPatient.duplicatesList')} p={0} m={0}>
              {duplicates.hits.map(({ patient: p, by }, i) => (
                <Paper key={p.patid} component="li" withBorder p="sm" style={{ listStyle: 'none' }}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Group gap={6} wrap="wrap">
                        <Anchor component={Link} to={`/patients/${p.patid}`} onClick={onClose} fw={600}>
                          {patientName(p)}
                        </Anchor>
                        {p.deleted === '1' && (
                          <Badge color="red.9" size="sm">
                            {t('deleted')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm">{patientFacts(p).join(' · ')}</Text>
                      <Text size="xs" c="dimmed">
                        {t('labelValue', {
                          ns: 'common',
                          label: t('newPatient.matchedBy'),
                          value: by.map((b) => t(`newPatient.by.${b}`)).join(', '),
                        })}
                      </Text>
                    </Stack>
                    {onUse && p.deleted !== '1' && (
                      <Button
                        size="xs"
                        onClick={() => use(p)}
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
              <Button variant="default" onClick={() => setDuplicates(null)}>
                {t('newPatient.back')}
              </Button>
              <Button
                variant="light"
                color="orange"
                onClick={() => doCreate(duplicates.input)}
                loading={create.isPending}
                data-autofocus={onUse ? undefined : true}
              >
                {t('newPatient.createAnyway')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              {createError && (
                <Alert
                  styles={{ title: { color: 'var(--mantine-color-text)' } }}
                  color="red"
                  role="alert"
                  title={t('newPatient.failed')}
                >
                  {describeError(create.error, t)}
                </Alert>
              )}
              {checkError !== null && (
                <Alert
                  styles={{ title: { color: 'var(--mantine-color-text)' } }}
                  color="red"
                  role="alert"
                  title={t('newPatient.checkFailed')}
                >
                  {describeError(checkError, t)}
                </Alert>
              )}
              <PatientFields form={form} autoFocus />
              <TextInput
                {...register('group')}
                label={t('fields.group')}
                description={t('newPatient.groupHint')}
              />
              <Text size="xs" c="dimmed">
                {t('newPatient.checkHint')}
              </Text>
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  color="gray"
                  onClick={() => {
                    reset(emptyNewPatient());
                    create.reset();
                  }}
                  disabled={!isDirty}
                >
                  {t('newPatient.clear')}
                </Button>
                <Group>
                  <Button variant="default" onClick={onClose}>
                    {t('newPatient.cancel')}
                  </Button>
                  <Button type="submit" loading={checking || create.isPending}>
                    {t('newPatient.submit')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        )}
      </Dialog>
    </>
  );
}
