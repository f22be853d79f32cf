import { Alert, Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldError, get, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isUpdateMissing, leadQuery, updateLeadMutation } from '#api/sales.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { contractResolver } from '#components/form-resolver.ts';
import { useMessageWords } from '#components/messages.ts';
import { applyServerError } from '#components/server-error.ts';
import { useReportUnsaved } from '#components/unsaved-changes.tsx';
import type { Lead } from '#contract/sales.ts';
import { targetOfServerMessage } from '../new-lead/schema.ts';
import { DetailsFormFooter } from './form-footer.tsx';
import { formMessage } from './messages.ts';
import {
  type LeadDataOutput,
  type LeadDataValues,
  leadDataSchema,
  leadDataValues,
  mergeLeadData,
} from './update.ts';

/**
 * The lead's contact, address, communication and insurance data as a form (sales/updateLead). Saving reads the
 * lead again and writes the shown groups whole with the typed values merged in.
 */
export function DetailsDataForm({
  lead,
  onDone,
  onMissing,
}: {
  lead: Lead;
  onDone: () => void;
  /** The tenant answered that it has no updateLead. */
  onMissing: () => void;
}) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const client = useQueryClient();
  const update = useMutation(updateLeadMutation(lead.leadId));
  const form = useForm<LeadDataValues, unknown, LeadDataOutput>({
    resolver: contractResolver(leadDataSchema),
    defaultValues: leadDataValues(lead),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useReportUnsaved('lead-data', isDirty);

  const submit = form.handleSubmit(async (values) => {
    try {
      // fetchQuery gives the cached shape (the page), not what `select` makes of it.
      const page = await client.fetchQuery({ ...leadQuery(lead.leadId), staleTime: 0 });
      const fresh = page.items[0] ?? null;
      await update.mutateAsync(mergeLeadData(fresh ?? lead, values, form.formState.dirtyFields));
      form.reset(values);
      notifications.show({ color: 'teal', message: t('edit.saved') });
      onDone();
    } catch (e) {
      if (isUpdateMissing(e)) {
        onMissing();
        return;
      }
      applyServerError(form.setError, e, targetOfServerMessage<LeadDataValues>, {
        fallback: words.error,
      });
    }
  });

  const fieldError = (path: Path<LeadDataValues>) =>
    formMessage(t, words, (get(errors, path) as FieldError | undefined)?.message);
  const text = (path: Path<LeadDataValues>, label: string, type?: string) => (
    <TextInput label={label} type={type} error={fieldError(path)} {...form.register(path)} />
  );
  const identifying =
    errors.root?.identifying?.message ?? (errors as { identifying?: FieldError }).identifying?.message;

  return (
    <form onSubmit={submit} noValidate aria-label={t('edit.formLabel')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Fieldset legend={t('group.contact')}>
            <Stack gap="xs">
              {text('contact.salutation', t('field.salutation'))}
              {text('contact.title', t('field.title'))}
              {text('contact.firstname', t('field.firstname'))}
              {text('contact.lastname', t('field.lastname'))}
              <NativeSelect
                label={t('field.gender')}
                data={[
                  { value: '', label: t('gender.unknown') },
                  { value: 'f', label: t('gender.f') },
                  { value: 'm', label: t('gender.m') },
                  { value: 'd', label: t('gender.d') },
                ]}
                {...form.register('contact.gender')}
              />
              <Controller
                control={form.control}
                name="contact.dob"
                render={({ field }) => (
                  <DayField
                    label={t('field.dob')}
                    kind="birth"
                    error={fieldError('contact.dob')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    clearable
                  />
                )}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t('group.communication')}>
            <Stack gap="xs">
              {text('communication.mail', t('field.mail'), 'email')}
              {text('communication.mail2', t('field.mail2'), 'email')}
              {text('communication.phone', t('field.phone'), 'tel')}
              {text('communication.phone2', t('field.phone2'), 'tel')}
              {text('communication.mobile', t('field.mobile'), 'tel')}
              {text('communication.mobile2', t('field.mobile2'), 'tel')}
            </Stack>
          </Fieldset>
          <Fieldset legend={t('group.address')}>
            <Stack gap="xs">
              {text('address.street', t('field.street'))}
              {text('address.zip', t('field.zip'))}
              {text('address.city', t('field.city'))}
              {text('address.country', t('field.country'))}
              {text('address.countryCode', t('field.countryCode'))}
            </Stack>
          </Fieldset>
          <Fieldset legend={t('group.insurance')}>
            <Stack gap="xs">
              {text('insurance.kvg', t('field.kvg'))}
              {text('insurance.kvgPoliceNr', t('field.kvgPoliceNr'))}
              {text('insurance.vvg', t('field.vvg'))}
              {text('insurance.payerType', t('field.payerType'))}
              {text('what', t('field.what'))}
            </Stack>
          </Fieldset>
        </SimpleGrid>
        {identifying && (
          <Alert color="red" variant="light" role="alert">
            {words.text(identifying)}
          </Alert>
        )}
        <DetailsFormFooter
          serverError={errors.root?.server?.message}
          submitLabel={t('edit.save')}
          submitting={isSubmitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
