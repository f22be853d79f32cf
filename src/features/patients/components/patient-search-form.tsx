import { Button, Collapse, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contractResolver } from '#components/form-resolver.ts';
import { dobRefusal, isBirthRefusal } from '#components/patient-criteria.ts';
import { emptyFields, type PatientSearchState } from '../url-state.ts';

/** The detailed criteria, as typed; messages are keys of `patients:searchForm.errors`. */
export const searchFieldsSchema = z
  .object({
    q: z.string(),
    lastname: z.string(),
    firstname: z.string(),
    dob: z.string().superRefine((v, ctx) => {
      const refusal = dobRefusal(v);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }),
    patid: z.string().refine((v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) > 0), {
      error: 'patid',
    }),
    mail: z.string().refine((v) => v.trim() === '' || (v.trim().length > 7 && v.includes('@')), {
      error: 'mail',
    }),
    ahv: z.string(),
    phone: z.string(),
  })
  .refine((v) => Object.values(v).some((s) => s.trim() !== ''), { error: 'empty', path: ['q'] });

export type SearchFields = z.infer<typeof searchFieldsSchema>;

export interface PatientSearchFormProps {
  state: PatientSearchState;
  onSearch: (next: Pick<PatientSearchState, 'q' | 'fields'>) => void;
}

/** Free text (interpreted) above, the single criteria below; Enter searches. */
export function PatientSearchForm({ state, onSearch }: PatientSearchFormProps) {
  const { t } = useTranslation('patients');
  const detailedInUse = Object.values(state.fields).some((v) => v !== '');
  const [detailed, setDetailed] = useState(detailedInUse);
  const {
    register,
    handleSubmit,
    formState: { errors },
    setValue,
  } = useForm<SearchFields>({
    resolver: contractResolver(searchFieldsSchema),
    defaultValues: { q: state.q, ...state.fields },
  });
  const err = (key: keyof SearchFields) => {
    // The schema's messages are the keys under searchForm.errors, or a date field's refusal (common:dateTime).
    const m = errors[key]?.message;
    if (!m) return undefined;
    if (isBirthRefusal(m)) return t(`dateTime.refused.${m}`, { ns: 'common' });
    return t(`searchForm.errors.${m as 'dob' | 'patid' | 'mail' | 'empty'}`);
  };

  const submit = handleSubmit((v) => {
    const { q, ...fields } = v;
    // One way at a time: the free text wins when both are filled.
    if (q.trim()) {
      for (const k of Object.keys(emptyFields()) as (keyof typeof fields)[]) setValue(k, '');
      onSearch({ q, fields: emptyFields() });
    } else {
      onSearch({ q: '', fields });
    }
  });

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={submit}
      role="search"
      aria-label={t('searchForm.label')}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            {...register('q')}
            label={t('searchForm.q')}
            description={t('searchForm.qHint')}
            error={err('q')}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: 1 }}
            autoComplete="off"
            data-autofocus
          />
        </Group>
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setDetailed((o) => !o)}
            aria-expanded={detailed}
            aria-controls="patient-search-detailed"
            rightSection={detailed ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          >
            {t('searchForm.detailed')}
          </Button>
        </Group>
        <Collapse expanded={detailed} id="patient-search-detailed">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <TextInput {...register('lastname')} label={t('fields.lastname')} autoComplete="off" />
            <TextInput {...register('firstname')} label={t('fields.firstname')} autoComplete="off" />
            <TextInput
              {...register('dob')}
              label={t('fields.dob')}
              description={t('searchForm.dobHint')}
              error={err('dob')}
              autoComplete="off"
            />
            <TextInput
              {...register('patid')}
              label={t('fields.patid')}
              inputMode="numeric"
              error={err('patid')}
              autoComplete="off"
            />
            <TextInput
              {...register('mail')}
              label={t('fields.mail')}
              error={err('mail')}
              autoComplete="off"
            />
            <TextInput
              {...register('ahv')}
              label={t('fields.ahv')}
              description={t('searchForm.ahvHint')}
              autoComplete="off"
            />
            <TextInput
              {...register('phone')}
              label={t('fields.phoneOrMobile')}
              description={t('searchForm.phoneHint')}
              inputMode="tel"
              autoComplete="off"
            />
          </SimpleGrid>
        </Collapse>
        <Group>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('searchForm.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
