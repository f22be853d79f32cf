import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { admissionsQuery, createAdmissionMutation, type NewAdmission } from '#api/sales.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { contractResolver } from '#components/form-resolver.ts';
import { formatDate } from '#components/format.ts';
import { useMessageWords } from '#components/messages.ts';
import { applyServerError, targetFrom } from '#components/server-error.ts';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { useReportUnsaved } from '#components/unsaved-changes.tsx';
import { isoDate, isRealDate } from '#contract/common.ts';
import { type Lead, MSG, MSG_FIELD } from '#contract/sales.ts';
import { DetailsFormFooter } from './form-footer.tsx';

/**
 * createAdmission's fields with the contract's date rule and messages (its input schema is wrapped in the
 * leadId-or-uniqid check, so it cannot be picked from). `until` may be empty; when given it is not before `date`.
 */
export const admissionFormSchema = z
  .object({
    date: isoDate(MSG.date),
    until: z.string().refine((v) => v === '' || isRealDate(v), { error: MSG.until }),
    settings: z.string(),
    comment: z.string(),
  })
  .refine((v) => v.until === '' || v.until >= v.date, { error: MSG.until, path: ['until'] });
type AdmissionValues = z.infer<typeof admissionFormSchema>;

export function toNewAdmission(v: AdmissionValues): NewAdmission {
  return {
    date: v.date,
    until: v.until === '' ? null : v.until,
    settings: v.settings.trim() || undefined,
    comment: v.comment.trim() || undefined,
  };
}

export function DetailsAdmissions({ lead, headingOrder = 3 }: { lead: Lead; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('leadDetails');
  const admissions = useQuery(admissionsQuery(lead.leadId));
  const [adding, setAdding] = useState(false);
  const items = admissions.data?.items ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="lead-admissions-title">
      <Title order={headingOrder} size="h4" id="lead-admissions-title">
        {t('admissions.title')}
      </Title>
      <Text size="sm">
        {lead.admissionDate
          ? t('admissions.leadDate', { date: formatDate(lead.admissionDate) })
          : t('admissions.noLeadDate')}
      </Text>

      {adding ? (
        <Paper withBorder p="sm" radius="md">
          <AdmissionForm leadId={lead.leadId} onDone={() => setAdding(false)} />
        </Paper>
      ) : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {t('admissions.add')}
          </Button>
        </Group>
      )}

      {admissions.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('admissions.loading')} role="status">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : admissions.isError ? (
        <ErrorState error={admissions.error} onRetry={() => void admissions.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('admissions.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-labelledby="lead-admissions-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admissions.date')}</Table.Th>
                <Table.Th scope="col">{t('admissions.until')}</Table.Th>
                <Table.Th scope="col">{t('admissions.settings')}</Table.Th>
                <Table.Th scope="col">{t('admissions.comment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.admissionId}>
                  {/* A date is one word: 05.01.2027, not 05.01.20 over 27 at 390 px. */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.until) || '—'}</Table.Td>
                  <Table.Td>{a.settings || '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.comment || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** createAdmission's messages on this form's fields. */
const fieldOf = targetFrom(MSG_FIELD, { date: 'date', until: 'until' });

function AdmissionForm({ leadId, onDone }: { leadId: number; onDone: () => void }) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const create = useMutation(createAdmissionMutation(leadId));
  const form = useForm<AdmissionValues>({
    resolver: contractResolver(admissionFormSchema),
    defaultValues: { date: '', until: '', settings: '', comment: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // The end's calendar opens on the admission's month, not today's.
  const admissionDay = useWatch({ control: form.control, name: 'date' });
  useReportUnsaved('admission', isDirty);
  const message = (m: string | undefined) => (m ? words.text(m) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(toNewAdmission(values));
      form.reset();
      onDone();
    } catch (e) {
      applyServerError(form.setError, e, fieldOf, {
        fallback: words.error,
        shouldFocus: false,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('admissions.formLabel')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="date"
            render={({ field }) => (
              <DayField
                label={t('admissions.date')}
                required
                data-autofocus
                error={message(errors.date?.message)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Controller
            control={form.control}
            name="until"
            render={({ field }) => (
              <DayField
                label={t('admissions.until')}
                defaultDate={admissionDay || undefined}
                error={message(errors.until?.message)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                clearable
              />
            )}
          />
        </SimpleGrid>
        <TextInput
          label={t('admissions.settings')}
          description={t('admissions.settingsHint')}
          {...form.register('settings')}
        />
        <Textarea label={t('admissions.comment')} autosize minRows={2} {...form.register('comment')} />
        <DetailsFormFooter
          serverError={errors.root?.server?.message}
          submitLabel={t('admissions.submit')}
          submitting={isSubmitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
