import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, type FieldError, get, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isUpdateMissing, leadChangedMeanwhile, leadQuery, updateLeadMutation } from '#api/sales.ts';
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
  changedPaths,
  dirtyAgainst,
  type LeadDataClash,
  type LeadDataOutput,
  type LeadDataValues,
  leadDataClashes,
  leadDataSchema,
  leadDataValues,
  mergeLeadData,
} from './update.ts';

/**
 * The lead's contact, address, communication and insurance data as a form (sales/updateLead). With versions
 * (docs/api.md#versions) saving writes the typed values over the lead the form started from with its
 * `ifVersion`; a 409 reads the lead again: fields nobody else touched are written at once, a field both changed
 * is shown with both values, to take over the colleague's or to keep one's own knowingly. Without versions saving
 * reads the lead again and writes the shown groups whole with the typed values merged in.
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

  // The lead the form started from (or read again after a refused write): what "changed" means, and the version
  // a write is based on. The `lead` shown is refreshed in the background; what the person typed must not be.
  const base = useRef(lead);
  const [clash, setClash] = useState<LeadDataClash[]>([]);

  /** With versions: write over the lead the form started from; a 409 reads it again and asks, losing nothing. */
  const writeVersioned = async (
    values: LeadDataOutput,
    from: Lead & { version: number },
  ): Promise<boolean> => {
    try {
      await update.mutateAsync({
        ...mergeLeadData(from, values, dirtyAgainst(from, form.getValues())),
        ifVersion: from.version,
      });
      return true;
    } catch (e) {
      if (!leadChangedMeanwhile(e)) throw e;
    }
    const page = await client.fetchQuery({ ...leadQuery(lead.leadId), staleTime: 0 });
    const fresh = page.items[0];
    if (!fresh) throw new Error('lead not found');
    const typed = form.getValues();
    const found = leadDataClashes(from, fresh, typed);
    const changed = dirtyAgainst(from, typed);
    base.current = fresh;
    // The form starts from the lead as it is now; what the person changed stays typed (and unsaved).
    form.reset(leadDataValues(fresh));
    for (const path of changedPaths(changed)) form.setValue(path, get(typed, path), { shouldDirty: true });
    if (found.length > 0) {
      setClash(found);
      return false;
    }
    // Somebody changed other fields only: writing the person's changes over theirs loses nothing.
    return fresh.version === undefined ? false : writeVersioned(values, { ...fresh, version: fresh.version });
  };

  const submit = form.handleSubmit(async (values) => {
    setClash([]);
    try {
      const from = base.current;
      if (from.version !== undefined) {
        if (!(await writeVersioned(values, { ...from, version: from.version }))) return;
      } else {
        // A tenant without versions: read again, merge the typed fields over what is there now, write.
        // fetchQuery gives the cached shape (the page), not what `select` makes of it.
        const page = await client.fetchQuery({ ...leadQuery(lead.leadId), staleTime: 0 });
        const fresh = page.items[0] ?? null;
        await update.mutateAsync(mergeLeadData(fresh ?? lead, values, form.formState.dirtyFields));
      }
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

  /** Take over the colleague's values for the fields in conflict; the person's other changes stay. */
  const takeTheirs = () => {
    for (const c of clash)
      form.setValue(c.path as Path<LeadDataValues>, c.theirs as never, { shouldDirty: true });
    setClash([]);
  };

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
        {clash.length > 0 && (
          <Alert color="orange" variant="light" role="alert" title={t('edit.conflict.title')}>
            <Stack gap="xs">
              {clash.map((c) => (
                <Text key={c.path} size="sm">
                  {t('edit.conflict.field', {
                    field: t(`field.${c.path.split('.').pop()}` as 'field.what'),
                    mine: c.mine || '—',
                    theirs: c.theirs || '—',
                  })}
                </Text>
              ))}
              <Text size="sm">{t('edit.conflict.hint')}</Text>
              <Group gap="xs">
                <Button variant="default" onClick={takeTheirs}>
                  {t('edit.conflict.takeTheirs')}
                </Button>
                <Button color="orange" onClick={() => submit()} loading={isSubmitting}>
                  {t('edit.conflict.keepMine')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
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
