import { Alert, Badge, Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { OpData } from '#api/queries.ts';
import { convertLeadMutation } from '#api/sales.ts';
import { searchPatientsQuery } from '#api/system.ts';
import { useSubmitMutation } from '#api/use-submit-mutation.ts';
import { FormDialog, type FormDialogForm, wraps } from '#components/form-dialog.tsx';
import { formatDate } from '#components/format.ts';
import { type DuplicateInput, findDuplicates, matchReasons } from '#components/new-patient/duplicates.ts';
import { type PatientCriteria, toSearchInput } from '#components/patient-criteria.ts';
import { PatientSearchBox, patientName } from '#components/patient-search.tsx';
import { describeError } from '#components/states.tsx';
import type { Lead } from '#contract/sales.ts';
import type { Patient } from '#contract/system.ts';
import { leadName } from '../board/lead.ts';
import type { LeadDialogProps } from './disqualify-dialog.tsx';

/** The choice: a patient's id (convertLead's patid) or NEW; required. */
const convertFormSchema = z.object({ choice: z.string().min(1) });
type ConvertFormValues = z.infer<typeof convertFormSchema>;

/** Which of the lead's data found a patient. */
export type MatchField = 'name' | 'dob' | 'mail';

/** A patient the dialog offers to link the lead to, with the lead's data whose search found them. */
export interface Candidate {
  patient: Patient;
  fields: MatchField[];
}

/**
 * The searches for patients like the lead: by last name, by date of birth, by mail; only fields searchPatients
 * allows, and only those the lead has in a form searchPatients accepts.
 */
export function matchCriteria(lead: Lead): { field: MatchField; criteria: PatientCriteria }[] {
  const out: { field: MatchField; criteria: PatientCriteria }[] = [];
  const lastname = lead.contact.lastname.trim();
  if (lastname.length >= 2) out.push({ field: 'name', criteria: { lastname } });
  if (lead.contact.dob) out.push({ field: 'dob', criteria: { dob: lead.contact.dob } });
  const mail = lead.communication.mail.trim();
  if (mail.length > 7 && mail.includes('@')) out.push({ field: 'mail', criteria: { mail } });
  return out;
}

/** The hits of the searches merged by patid: most matching fields first, deleted patients left out. */
export function mergeMatches(results: { field: MatchField; hits: readonly Patient[] }[]): Candidate[] {
  const byId = new Map<number, Candidate>();
  for (const { field, hits } of results) {
    for (const p of hits) {
      if (p.deleted === '1') continue;
      const m = byId.get(p.patid) ?? { patient: p, fields: [] };
      if (!m.fields.includes(field)) m.fields.push(field);
      byId.set(p.patid, m);
    }
  }
  return [...byId.values()].sort(
    (a, b) =>
      b.fields.length - a.fields.length || patientName(a.patient).localeCompare(patientName(b.patient)),
  );
}

const NEW = 'new';

/** The lead as the person the one same-person rule compares (components/new-patient/duplicates.ts). */
export function leadPerson(lead: Lead): DuplicateInput {
  return {
    lastname: lead.contact.lastname,
    dob: lead.contact.dob ?? undefined,
    mail: lead.communication.mail,
    tel: lead.communication.phone,
    mobile: lead.communication.mobile,
  };
}

/**
 * The candidates that may be the lead's person by the one same-person rule of the new-patient dialog
 * (matchReasons: the same or a similar last name on the same birth date, the same mail, phone or mobile, the same
 * AHV number). Creating a patient beside one of them asks a second time.
 */
export function samePerson(lead: Lead, candidates: readonly Candidate[]): Patient[] {
  const person = leadPerson(lead);
  return candidates
    .filter(({ patient }) => patient.deleted !== '1' && matchReasons(person, patient).length > 0)
    .map(({ patient }) => patient);
}

/**
 * Everyone the practice may have as the lead's person, asked afresh before a new patient is created: the
 * candidates on screen that the rule names, and what the new-patient dialog's searches find (the birth date with a
 * similar name, the mail, each phone and mobile number), since the candidates were searched by name, birth date and
 * mail only: a lead whose mobile number a patient has would otherwise make a second patient. Deleted patients are
 * never linked to. A failed search fails the conversion: nothing is created unchecked.
 */
export async function twinsOf(
  queryClient: QueryClient,
  lead: Lead,
  candidates: readonly Candidate[],
): Promise<Patient[]> {
  const found = await findDuplicates(queryClient, leadPerson(lead));
  const twins = new Map<number, Patient>();
  for (const p of [...samePerson(lead, candidates), ...found.map((m) => m.patient)]) {
    if (p.deleted !== '1' && !twins.has(p.patid)) twins.set(p.patid, p);
  }
  return [...twins.values()];
}

export interface ConvertDialogProps extends Omit<LeadDialogProps, 'onDone'> {
  /** Converted; called when the user leaves the dialog afterwards (booking or not). */
  onDone: (result?: { patid: number; created: boolean }) => void;
}

/**
 * Converts a lead: suggests existing patients that match (name, date of birth, mail), lets the user pick one or
 * create a new patient from the lead (convertLead with or without patid), then offers to book an appointment.
 */
export function ConvertDialog({ lead, opened, onClose, onDone }: ConvertDialogProps) {
  const { t } = useTranslation('leadDetails');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = leadName(lead);
  const searches = useMemo(() => matchCriteria(lead), [lead]);
  const queries = useQueries({
    queries: searches.map((s) => ({ ...patientMatchesQuery(s.criteria), enabled: opened })),
  });
  const pending = queries.some((q) => q.isPending);
  const failed = queries.find((q) => q.isError);
  const [extra, setExtra] = useState<Patient[]>([]);
  // Cheap (a few hits): computed on every render from the searches' current answers.
  const matches = mergeMatches(searches.map((s, i) => ({ field: s.field, hits: queries[i]?.data ?? [] })));
  const listed = new Set(matches.map((m) => m.patient.patid));
  const shown: Candidate[] = [
    ...matches,
    ...extra.filter((p) => !listed.has(p.patid)).map((p): Candidate => ({ patient: p, fields: [] })),
  ];

  const mutation = useSubmitMutation(convertLeadMutation());
  const result = mutation.data;
  // "Create a new patient" while the practice has this person already: the second, deliberate question.
  const [twins, setTwins] = useState<Patient[] | null>(null);

  const { reset } = mutation;
  useEffect(() => {
    if (opened) {
      setExtra([]);
      setTwins(null);
      reset();
    }
  }, [opened, reset]);

  const instead = result ? (
    <Stack gap="md">
      <Alert color="green" role="status" title={t('convert.done', { name })}>
        {result.created
          ? t('convert.created', { patid: result.patid })
          : t('convert.linked', { patid: result.patid })}
      </Alert>
      <Text>{t('convert.bookQuestion')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onDone(result)}>
          {t('convert.later')}
        </Button>
        <Button
          data-autofocus
          onClick={() => {
            onDone(result);
            void navigate(`/booking?patid=${result.patid}`);
          }}
        >
          {t('convert.book')}
        </Button>
      </Group>
    </Stack>
  ) : twins ? (
    <Stack gap="md">
      <Alert color="orange" role="alert" title={t('convert.twinsTitle', { count: twins.length })}>
        {t('convert.twinsText', { count: twins.length })}
      </Alert>
      <Stack gap="xs">
        {twins.map((patient, i) => (
          <Group key={patient.patid} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                {patientName(patient)}
              </Text>{' '}
              {/* The number too: a twin found by a shared mobile shows what it shares. */}
              {[formatDate(patient.dob), `#${patient.patid}`, patient.city, patient.mail, patient.mobile]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Button
              size="xs"
              data-autofocus={i === 0 ? true : undefined}
              loading={mutation.isPending && mutation.variables?.patid === patient.patid}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate({ leadId: lead.leadId, patid: patient.patid })}
              aria-label={t('convert.linkTwin', { name: patientName(patient), patid: patient.patid })}
            >
              {t('convert.useTwin')}
            </Button>
          </Group>
        ))}
      </Stack>
      {mutation.isError && (
        <Alert color="red" role="alert" title={t('convert.failed')}>
          {describeError(mutation.error, t)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setTwins(null)} disabled={mutation.isPending}>
          {t('convert.back')}
        </Button>
        <Button
          variant="light"
          color="orange"
          // "Créer quand même un nouveau patient" is wider than a phone's dialog: it wraps instead of being cut.
          styles={wraps}
          loading={mutation.isPending && mutation.variables?.patid === undefined}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate({ leadId: lead.leadId })}
        >
          {t('convert.createAnyway')}
        </Button>
      </Group>
    </Stack>
  ) : undefined;

  return (
    <FormDialog<ConvertFormValues>
      closeLabel={t('dialog.close', { ns: 'leads' })}
      opened={opened}
      onClose={() => {
        if (result) onDone(result);
        else onClose();
      }}
      title={t('convert.title', { name })}
      size="lg"
      schema={convertFormSchema}
      defaultValues={{ choice: '' }}
      confirmDiscard={false}
      busy={mutation.isPending}
      errorTitle={t('convert.failed')}
      cancelLabel={t('dialog.cancel', { ns: 'leads' })}
      submitLabel={t('convert.submit')}
      instead={instead}
      onSubmit={async ({ choice }) => {
        const same = choice === NEW ? await twinsOf(queryClient, lead, shown) : [];
        if (same.length > 0) {
          setTwins(same);
          return;
        }
        await mutation.mutateAsync(
          choice === NEW ? { leadId: lead.leadId } : { leadId: lead.leadId, patid: Number(choice) },
        );
      }}
    >
      {(form) => (
        <ChoiceFields
          form={form}
          opened={opened}
          searching={pending && searches.length > 0}
          pending={pending}
          failed={failed}
          shown={shown}
          onExtra={(p) => setExtra((list) => (list.some((x) => x.patid === p.patid) ? list : [...list, p]))}
        />
      )}
    </FormDialog>
  );
}

function ChoiceFields({
  form,
  opened,
  searching,
  pending,
  failed,
  shown,
  onExtra,
}: {
  form: FormDialogForm<ConvertFormValues, ConvertFormValues>;
  opened: boolean;
  searching: boolean;
  pending: boolean;
  failed: { error: unknown } | undefined;
  shown: Candidate[];
  onExtra: (patient: Patient) => void;
}) {
  const { t } = useTranslation('leadDetails');
  const { getValues, setValue } = form;
  const missing = form.formState.errors.choice !== undefined;
  const fieldLabel = (f: MatchField) => t(`convert.field.${f}`);

  // Nothing matches: creating a new patient is the only choice, so it is made already.
  useEffect(() => {
    if (opened && !pending && shown.length === 0 && getValues('choice') === '') setValue('choice', NEW);
  }, [opened, pending, shown.length, getValues, setValue]);

  return (
    <>
      <Text size="sm">{t('convert.intro')}</Text>
      <Controller
        control={form.control}
        name="choice"
        render={({ field }) => (
          <Radio.Group
            label={t('convert.choose')}
            name={field.name}
            value={field.value || null}
            onChange={field.onChange}
            withAsterisk
            error={missing ? t('convert.chooseRequired') : undefined}
          >
            <Stack gap="xs" mt="xs">
              {searching && (
                <Stack gap={6} aria-busy="true" aria-label={t('convert.searching')} role="status">
                  <Skeleton height={22} />
                  <Skeleton height={22} />
                </Stack>
              )}
              {!pending && shown.length === 0 && !failed && (
                <Text size="sm" c="dimmed">
                  {t('convert.noMatches')}
                </Text>
              )}
              {shown.map(({ patient, fields }) => (
                <Radio
                  key={patient.patid}
                  value={String(patient.patid)}
                  label={
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={600} span>
                        {patientName(patient)}
                      </Text>
                      <Text size="sm" c="dimmed" span>
                        {[formatDate(patient.dob), `#${patient.patid}`, patient.city, patient.mail]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                      {fields.map((f) => (
                        <Badge key={f} size="xs" variant="light">
                          {t('convert.matches', { field: fieldLabel(f) })}
                        </Badge>
                      ))}
                    </Group>
                  }
                />
              ))}
              <Radio value={NEW} label={t('convert.newPatient')} />
            </Stack>
          </Radio.Group>
        )}
      />
      {failed && (
        <Alert color="orange" role="alert" title={t('convert.searchFailed')}>
          {describeError(failed.error, t)}
        </Alert>
      )}
      <PatientSearchBox
        excludeDeleted
        label={t('convert.other')}
        keepText
        onPick={(p) => {
          onExtra(p);
          setValue('choice', String(p.patid), { shouldValidate: true });
        }}
      />
    </>
  );
}

/**
 * searchPatients with allowed fields only; the hits. Here, not in queries.ts, so the patient criteria stay out of
 * the board's first load (decision 0016).
 */
function patientMatchesQuery(criteria: PatientCriteria) {
  return {
    ...searchPatientsQuery(toSearchInput(criteria, { limit: 10 })),
    select: (answer: OpData<'searchPatients'>) => answer.items,
    staleTime: 60_000,
  };
}
