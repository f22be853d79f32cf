import {
  Alert,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLink, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { linkPatientMutation } from '#api/sales.ts';
import { customerQuery } from '#api/system.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { searchTextRefusal } from '#components/field-rules.ts';
import { formatDate } from '#components/format.ts';
import { useMessageWords } from '#components/messages.ts';
import { hasCriteria, type PatientCriteria, patientName } from '#components/patient-criteria.ts';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { useReportUnsaved } from '#components/unsaved-changes.tsx';
import { isRealDate } from '#contract/practice-time.ts';
import type { Lead } from '#contract/sales.ts';
import type { Patient } from '#contract/system.ts';
import { linkSearchQuery } from './queries.ts';

interface SearchValues {
  lastname: string;
  firstname: string;
  dob: string;
  patid: string;
}

/** The typed search as searchPatients criteria (only the fields it allows; empty ones left out). */
export function toCriteria(v: SearchValues): PatientCriteria {
  const patid = /^\d+$/.test(v.patid.trim()) ? Number(v.patid.trim()) : undefined;
  return {
    lastname: v.lastname.trim() || undefined,
    firstname: v.firstname.trim() || undefined,
    dob: v.dob || undefined,
    patid,
  };
}

/** Links the lead to an existing patient (linkLeadToPatient): sets the patient and the date, nothing else. */
export function DetailsPatientLink({ lead, headingOrder = 3 }: { lead: Lead; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const [criteria, setCriteria] = useState<PatientCriteria | null>(null);
  const [linked, setLinked] = useState<Patient | null>(null);
  const link = useMutation(linkPatientMutation(lead.leadId));
  const form = useForm<SearchValues>({ defaultValues: { lastname: '', firstname: '', dob: '', patid: '' } });
  useReportUnsaved('patient-search', form.formState.isDirty && criteria === null);
  const results = useQuery({ ...linkSearchQuery(criteria ?? {}), enabled: criteria !== null });

  const search = form.handleSubmit((values) => {
    const c = toCriteria(values);
    if (!hasCriteria(c)) {
      form.setError('root', { message: t('link.needCriterion') });
      return;
    }
    setLinked(null);
    link.reset();
    setCriteria(c);
  });

  const choose = (patient: Patient) => {
    link.mutate(patient.patid, {
      onSuccess: () => {
        setLinked(patient);
        setCriteria(null);
        form.reset();
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="lead-link-title">
      <Title order={headingOrder} size="h4" id="lead-link-title">
        {t('link.title')}
      </Title>
      <Text size="sm">{t('link.difference')}</Text>
      <CurrentLink lead={lead} />

      {linked && (
        <Alert color="green" variant="light" role="status">
          {t('link.done', { name: patientName(linked), patid: linked.patid })}
        </Alert>
      )}

      <form onSubmit={search} noValidate aria-label={t('link.searchLabel')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {(['lastname', 'firstname'] as const).map((name) => (
              <TextInput
                key={name}
                label={t(`link.${name}`)}
                // Longer than the service searches by: said at the field, nothing is searched.
                error={form.formState.errors[name]?.message}
                {...form.register(name, { validate: (v) => searchTextRefusal(v) ?? true })}
              />
            ))}
            <Controller
              control={form.control}
              name="dob"
              // A text that is no birth date is said at the field (DayField), and nothing is searched.
              rules={{ validate: (v) => v === '' || isRealDate(v) }}
              render={({ field, fieldState }) => (
                <DayField
                  label={t('link.dob')}
                  kind="birth"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.invalid}
                  clearable
                />
              )}
            />
            <TextInput label={t('link.patid')} inputMode="numeric" {...form.register('patid')} />
          </SimpleGrid>
          {form.formState.errors.root && (
            <Text size="sm" c="red.9" role="alert">
              {form.formState.errors.root.message}
            </Text>
          )}
          <Group>
            <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('link.search')}
            </Button>
          </Group>
        </Stack>
      </form>

      {link.isError && (
        <Alert color="red" variant="light" role="alert">
          {words.error(link.error)}
        </Alert>
      )}

      {criteria !== null &&
        (results.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('link.searching')} role="status">
            <Skeleton height={28} />
            <Skeleton height={28} />
          </Stack>
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={() => void results.refetch()} />
        ) : results.data.length === 0 ? (
          <EmptyState title={t('link.nothing')} />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t('link.results')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('link.name')}</Table.Th>
                  <Table.Th scope="col">{t('link.dob')}</Table.Th>
                  <Table.Th scope="col">{t('link.city')}</Table.Th>
                  <Table.Th scope="col">{t('link.patid')}</Table.Th>
                  <Table.Th scope="col">{t('link.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.data.map((p) => (
                  <Table.Tr key={p.patid}>
                    <Table.Td>
                      {patientName(p)}{' '}
                      {p.deleted === '1' && (
                        <Badge color="red.9" size="xs">
                          {t('link.deletedPatient')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(p.dob)}</Table.Td>
                    <Table.Td>{p.city}</Table.Td>
                    <Table.Td>#{p.patid}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        leftSection={<IconLink size={14} aria-hidden />}
                        onClick={() => choose(p)}
                        loading={link.isPending && link.variables === p.patid}
                        disabled={link.isPending || p.deleted === '1' || p.patid === lead.patid}
                        aria-label={t('link.linkTo', { name: patientName(p) })}
                      >
                        {t('link.link')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Stack>
  );
}

function CurrentLink({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leadDetails');
  const patid = lead.patid;
  const patient = useQuery({ ...customerQuery(patid ?? 0), enabled: patid !== null });
  if (patid === null) return <Text size="sm">{t('link.none')}</Text>;
  const name = patient.data ? patientName(patient.data) : `#${patid}`;
  return (
    <Text size="sm" fw={600}>
      {t('link.current', { name, patid, date: formatDate(lead.conversionDate) || '—' })}
    </Text>
  );
}
