import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Patient } from '../../../../contract/system.ts';
import { isApiError } from '../../../api/client.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { contractResolver } from '../../../components/form-resolver.ts';
import { formatDate } from '../../../components/format.ts';
import { hasCriteria, patientName, patientSearchQuery } from '../../../components/patient-criteria.ts';
import { applyServerError } from '../../../components/server-error.ts';
import { describeError } from '../../../components/states.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes.tsx';
import {
  type CustomerBody,
  customerLanguages,
  emptyNewPatient,
  type NewPatientValues,
  newPatientSchema,
  toCreateCustomerInput,
} from '../new-patient.ts';
import { createCustomerMutation, duplicateCriteria } from '../queries.ts';

export interface NewPatientModalProps {
  opened: boolean;
  onClose: () => void;
  /** Values to start from (e.g. the patient of a lab message the practice does not know yet). */
  initial?: Partial<NewPatientValues>;
}

/**
 * createCustomer with a look for duplicates first (same name and date of birth, via searchPatients): the user
 * sees them and confirms. The form stays filled while the dialog is closed (a draft) and warns before leaving.
 */
export function NewPatientModal({ opened, onClose, initial }: NewPatientModalProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [duplicates, setDuplicates] = useState<{ input: CustomerBody; hits: Patient[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const create = useMutation(createCustomerMutation());
  const form = useForm<NewPatientValues>({
    resolver: contractResolver(newPatientSchema),
    defaultValues: { ...emptyNewPatient(), ...initial },
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;
  const guard = useUnsavedChangesGuard(isDirty);
  const err = (key: keyof NewPatientValues) => {
    const m = errors[key]?.message;
    if (!m) return undefined;
    // A key of ours, or the service's own message (`Unknown language: fr`).
    return t(`newPatient.errors.${m}`, { defaultValue: m });
  };

  const doCreate = (input: CustomerBody) => {
    create.mutate(input, {
      onSuccess: (result) => {
        setDuplicates(null);
        reset(emptyNewPatient());
        notifications.show({
          closeButtonProps: { 'aria-label': t('close') },
          color: 'green',
          message:
            result.group === 'created'
              ? t('newPatient.createdWithGroup', { id: result.id, group: input.group })
              : t('newPatient.created', { id: result.id }),
        });
        onClose();
        guard.allowNextNavigation();
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
    const criteria = duplicateCriteria(input);
    setCheckError(null);
    if (!hasCriteria(criteria)) {
      doCreate(input);
      return;
    }
    setChecking(true);
    try {
      const found = await queryClient.fetchQuery({
        ...patientSearchQuery(criteria, { limit: 20 }),
        staleTime: 0,
      });
      if (found.items.length > 0) setDuplicates({ input, hits: found.items });
      else doCreate(input);
    } catch (e) {
      setCheckError(e);
    } finally {
      setChecking(false);
    }
  });

  const languageOptions = customerLanguages.map((l) => ({ value: l, label: t(`languages.${l}`) }));
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
              {t('newPatient.duplicatesText', { count: duplicates.hits.length })}
            </Alert>
            <List spacing="xs" aria-label={t('newPatient.duplicatesList')}>
              {duplicates.hits.map((p) => (
                <List.Item key={p.patid}>
                  <Anchor component={Link} to={`/patients/${p.patid}`} onClick={onClose}>
                    {patientName(p)}
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    {[formatDate(p.dob), `#${p.patid}`, [p.zip, p.city].filter(Boolean).join(' ')]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDuplicates(null)}>
                {t('newPatient.back')}
              </Button>
              <Button onClick={() => doCreate(duplicates.input)} loading={create.isPending} data-autofocus>
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
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput {...register('title')} label={t('fields.title')} />
                <TextInput
                  {...register('lastname')}
                  label={t('fields.lastname')}
                  error={err('lastname')}
                  data-autofocus
                />
                <TextInput {...register('firstname')} label={t('fields.firstname')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Controller
                  control={control}
                  name="gender"
                  render={({ field }) => (
                    <Radio.Group
                      label={t('fields.gender')}
                      value={field.value}
                      onChange={field.onChange}
                      error={err('gender')}
                      withAsterisk
                    >
                      <Group mt={6}>
                        <Radio value="female" label={t('gender.female')} />
                        <Radio value="male" label={t('gender.male')} />
                      </Group>
                    </Radio.Group>
                  )}
                />
                <TextInput
                  {...register('dob')}
                  label={t('fields.dob')}
                  description={t('newPatient.dobHint')}
                  error={err('dob')}
                  autoComplete="off"
                />
                <TextInput {...register('ahv')} label={t('fields.ahv')} autoComplete="off" />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput {...register('street')} label={t('fields.street')} />
                <TextInput {...register('zip')} label={t('fields.zip')} />
                <TextInput {...register('city')} label={t('fields.city')} />
                <TextInput {...register('country')} label={t('fields.country')} />
                <TextInput
                  {...register('countrycode')}
                  label={t('fields.countrycode')}
                  description={t('newPatient.countrycodeHint')}
                  error={err('countrycode')}
                  maxLength={2}
                />
                <Controller
                  control={control}
                  name="language"
                  render={({ field }) => (
                    <Select
                      label={t('fields.language')}
                      description={t('newPatient.languageHint')}
                      data={languageOptions}
                      value={field.value || null}
                      onChange={(v) => field.onChange(v ?? '')}
                      error={err('language')}
                      clearable
                    />
                  )}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput {...register('tel')} label={t('fields.tel')} type="tel" />
                <TextInput {...register('mobile')} label={t('fields.mobile')} type="tel" />
                <TextInput {...register('mail')} label={t('fields.mail')} type="email" error={err('mail')} />
              </SimpleGrid>
              <TextInput
                {...register('group')}
                label={t('fields.group')}
                description={t('newPatient.groupHint')}
              />
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
