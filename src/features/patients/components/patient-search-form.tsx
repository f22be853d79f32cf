import { Button, Collapse, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contractResolver } from '#components/form-resolver.ts';
import { dobRefusal, isBirthRefusal } from '#components/patient-criteria.ts';
import { searchText } from '#contract/common.ts';
import { emptyFields, type PatientSearchState } from '../url-state.ts';

/** This form's own messages: keys of `patients:searchForm.errors`. */
const ownErrors = new Set(['dob', 'patid', 'mail', 'empty'] as const);
type OwnError = typeof ownErrors extends Set<infer K> ? K : never;
const isOwnError = (m: string): m is OwnError => (ownErrors as Set<string>).has(m);

/**
 * The detailed criteria, as typed; messages are keys of `patients:searchForm.errors`, or the search limit of the
 * contract (searchPatients' texts, at most 200 characters), which the resolver says in the user's language.
 */
export const searchFieldsSchema = z
  .object({
    q: searchText(),
    lastname: searchText(),
    firstname: searchText(),
    dob: searchText().superRefine((v, ctx) => {
      const refusal = dobRefusal(v);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }),
    patid: searchText().refine((v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) > 0), {
      error: 'patid',
    }),
    mail: searchText().refine((v) => v.trim() === '' || (v.trim().length > 7 && v.includes('@')), {
      error: 'mail',
    }),
    ahv: searchText(),
    phone: searchText(),
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
    // The schema's messages are the keys under searchForm.errors, a date field's refusal (common:dateTime), or a
    // limit already in the user's language.
    const m = errors[key]?.message;
    if (!m) return undefined;
    if (isBirthRefusal(m)) return t(`dateTime.refused.${m}`, { ns: 'common' });
    return isOwnError(m) ? t(`searchForm.errors.${m}`) : m;
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
            <TextInput
              {...register('lastname')}
              label={t('fields.lastname')}
              error={err('lastname')}
              autoComplete="off"
            />
            <TextInput
              {...register('firstname')}
              label={t('fields.firstname')}
              error={err('firstname')}
              autoComplete="off"
            />
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
              error={err('ahv')}
              autoComplete="off"
            />
            <TextInput
              {...register('phone')}
              label={t('fields.phoneOrMobile')}
              description={t('searchForm.phoneHint')}
              error={err('phone')}
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
