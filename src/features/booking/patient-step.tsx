import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { normalizeDob } from '../../../contract/system.ts';
import { formatDate } from '../../components/format.ts';
import { PatientSearchBox, patientName } from '../../components/patient-search.tsx';
import { applyServerError } from '../../components/server-error.ts';
import { describeError, LoadingState } from '../../components/states.tsx';
import { createCustomerMutation, customerQuery } from './queries.ts';

export const patientLanguages = ['de', 'fr', 'it', 'en'] as const;

/** The new-patient form: what createCustomer needs for a booking. Messages are i18n keys (namespace booking). */
export const newPatientSchema = z.object({
  lastname: z.string().trim().min(1, 'patient.required'),
  firstname: z.string().trim().min(1, 'patient.required'),
  dob: z.string().refine((v) => normalizeDob(v) !== null, 'patient.invalidDob'),
  gender: z.enum(['female', 'male']),
  language: z.enum(patientLanguages),
  mail: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'patient.invalidMail'),
  mobile: z.string().trim(),
  countrycode: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2}$/, 'patient.invalidCountry'),
});
export type NewPatientValues = z.infer<typeof newPatientSchema>;

export const emptyNewPatient: NewPatientValues = {
  lastname: '',
  firstname: '',
  dob: '',
  gender: 'female',
  language: 'de',
  mail: '',
  mobile: '',
  countrycode: 'ch',
};

export type PatientTab = 'find' | 'create';

export interface PatientStepProps {
  patid: number | null;
  onChoose: (patid: number | null) => void;
  tab: PatientTab;
  onTab: (tab: PatientTab) => void;
  /** Kept by the screen, so that switching to a search and back keeps what was typed. */
  newPatient: UseFormReturn<NewPatientValues>;
}

/** The patient: the Ctrl+K search, or a new patient; once chosen, their name with "choose another". */
export function PatientStep(props: PatientStepProps) {
  const { patid, tab } = props;
  const { t } = useTranslation('booking');
  if (patid !== null) return <ChosenPatient patid={patid} onChange={() => props.onChoose(null)} />;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('patient.legend')}
          value={tab}
          onChange={(v) => props.onTab(v === 'create' ? 'create' : 'find')}
          data={[
            { value: 'find', label: t('patient.find') },
            { value: 'create', label: t('patient.create') },
          ]}
        />
        {tab === 'find' && (
          <Box style={{ flex: 1 }} miw={240}>
            <PatientSearchBox
              excludeDeleted
              label={t('patient.searchLabel')}
              placeholder={t('patient.searchHint')}
              onPick={(p) => props.onChoose(p.patid)}
            />
          </Box>
        )}
      </Group>
      {tab === 'create' && <CreatePatient form={props.newPatient} onCreated={(id) => props.onChoose(id)} />}
    </Stack>
  );
}

function ChosenPatient({ patid, onChange }: { patid: number; onChange: () => void }) {
  const { t } = useTranslation('booking');
  const query = useQuery(customerQuery(patid));
  return (
    <Card withBorder padding="xs">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" fw={700}>
            {t('patient.chosen')}
          </Text>
          {query.isPending ? (
            <LoadingState />
          ) : query.isError ? (
            <Text c="red.8">{t('patient.loadFailed', { msg: describeError(query.error, t) })}</Text>
          ) : (
            <Text data-testid="chosen-patient">
              {patientName(query.data)} · {t('patient.born', { date: formatDate(query.data.dob) })} · #
              {query.data.patid}
            </Text>
          )}
        </Stack>
        <Button variant="default" onClick={onChange}>
          {t('patient.change')}
        </Button>
      </Group>
    </Card>
  );
}

function CreatePatient({
  form,
  onCreated,
}: {
  form: UseFormReturn<NewPatientValues>;
  onCreated: (patid: number) => void;
}) {
  const { t } = useTranslation('booking');
  const create = useMutation(createCustomerMutation());
  const { register, handleSubmit, formState, setError, reset } = form;
  const err = (m: string | undefined) => (m ? t(m) : undefined);

  const submit = handleSubmit(async (v) => {
    try {
      const result = await create.mutateAsync({
        lastname: v.lastname,
        firstname: v.firstname,
        dob: normalizeDob(v.dob) ?? v.dob,
        gender: v.gender,
        language: v.language,
        mail: v.mail,
        mobile: v.mobile,
        // The field name and its value are lower case (a field named countryCode would be ignored).
        countrycode: v.countrycode.toLowerCase(),
      });
      reset(emptyNewPatient);
      onCreated(result.id);
    } catch (e) {
      applyServerError(setError, e, (msg) => (msg.startsWith('Unknown language') ? 'language' : null), {
        fallback: (error) => t('patient.createFailed', { msg: describeError(error, t) }),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {formState.errors.root?.server?.message && (
          <Alert color="red" role="alert">
            {formState.errors.root.server.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs" verticalSpacing={4}>
          <TextInput
            label={t('patient.lastname')}
            required
            error={err(formState.errors.lastname?.message)}
            {...register('lastname')}
          />
          <TextInput
            label={t('patient.firstname')}
            required
            error={err(formState.errors.firstname?.message)}
            {...register('firstname')}
          />
          <TextInput
            label={t('patient.dob')}
            placeholder={t('patient.dobHint')}
            required
            error={err(formState.errors.dob?.message)}
            {...register('dob')}
          />
          <NativeSelect
            label={t('patient.gender')}
            data={[
              { value: 'female', label: t('patient.female') },
              { value: 'male', label: t('patient.male') },
            ]}
            {...register('gender')}
          />
          <NativeSelect
            label={t('patient.language')}
            data={patientLanguages.map((l) => ({ value: l, label: t(`patient.languages.${l}`) }))}
            error={err(formState.errors.language?.message)}
            {...register('language')}
          />
          <TextInput
            label={t('patient.countrycode')}
            error={err(formState.errors.countrycode?.message)}
            {...register('countrycode')}
          />
          <TextInput
            type="email"
            label={t('patient.mail')}
            error={err(formState.errors.mail?.message)}
            {...register('mail')}
          />
          <TextInput type="tel" label={t('patient.mobile')} {...register('mobile')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('patient.createButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
