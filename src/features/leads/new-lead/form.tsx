import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldError, type FieldPath, get, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createLeadMutation } from '#api/sales.ts';
import { userName, usersQuery } from '#api/system.ts';
import { folderName } from '#components/codes.ts';
import { DayField } from '#components/date-time-fields.tsx';
import { contractResolver } from '#components/form-resolver.ts';
import { useMessageWords } from '#components/messages.ts';
import { SaveFailed } from '#components/save-failed.tsx';
import { applyServerError } from '#components/server-error.ts';
import { useUnsavedChangesGuard } from '#components/unsaved-changes.tsx';
import { leadGenders, MSG } from '#contract/sales.ts';
import { formMessage } from '../details/messages.ts';
import { referenceQuery } from '../shared/queries.ts';
import { clearDraft, loadDraft, saveDraft } from './draft.ts';
import {
  emptyNewLead,
  hasIdentifyingField,
  mergeIntoEmpty,
  type NewLeadOutput,
  type NewLeadValues,
  newLeadSchema,
  startFolders,
  targetOfServerMessage,
  toCreateLeadInput,
} from './schema.ts';

type Path = FieldPath<NewLeadValues>;

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * The new-lead form. One idempotency key per form (kept in the draft as well): a double click, a retry after a
 * failure, or a retry after coming back to a restored draft all send the same key, so the server makes one lead.
 */
export function NewLeadForm() {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const navigate = useNavigate();
  const [initialDraft] = useState(loadDraft);
  const [idempotencyKey, setIdempotencyKey] = useState(() => initialDraft?.idempotencyKey ?? newKey());
  const [restored, setRestored] = useState(initialDraft !== null);
  const keyRef = useRef(idempotencyKey);
  keyRef.current = idempotencyKey;
  const doneRef = useRef(false);
  const sendingRef = useRef(false);

  const reference = useQuery(referenceQuery());
  const users = useQuery(usersQuery()).data ?? [];
  const create = useMutation(createLeadMutation());
  const form = useForm<NewLeadValues, unknown, NewLeadOutput>({
    resolver: contractResolver(newLeadSchema),
    defaultValues: emptyNewLead,
    mode: 'onTouched',
  });
  const { errors, isDirty, isSubmitting, isSubmitted } = form.formState;

  // A restored draft is input the user has not saved: the form counts as changed.
  useEffect(() => {
    if (initialDraft) form.reset(initialDraft.values, { keepDefaultValues: true });
  }, [initialDraft, form]);

  // Every change goes to the draft at once, so nothing typed is lost when the page goes away.
  useEffect(() => {
    const sub = form.watch((values) => {
      if (!doneRef.current) saveDraft({ values: mergeIntoEmpty(values), idempotencyKey: keyRef.current });
    });
    return () => sub.unsubscribe();
  }, [form]);

  const guard = useUnsavedChangesGuard(isDirty, {
    title: t('unsaved.title'),
    message: t('newLead.leaveMessage'),
    stayLabel: t('unsaved.stay'),
    leaveLabel: t('unsaved.leave'),
    extra: (
      <Button
        variant="subtle"
        color="red"
        onClick={() => {
          doneRef.current = true;
          clearDraft();
          guard.leave();
        }}
      >
        {t('newLead.discardAndLeave')}
      </Button>
    ),
  });

  const [ispatient, lastname, mail, mobile, phone] = useWatch({
    control: form.control,
    name: [
      'ispatient',
      'contact.lastname',
      'communication.mail',
      'communication.mobile',
      'communication.phone',
    ],
  });
  const ruleMet = hasIdentifyingField({ contact: { lastname }, communication: { mail, mobile, phone } });
  // As soon as something is typed (or submit was tried), not only on submit.
  const showRule = !ruleMet && (isDirty || isSubmitted);

  const folders = startFolders(reference.data?.folders ?? [], ispatient);
  const defaultFolder = folders.find((f) => f.folderId === (ispatient === '1' ? 1 : 11));

  const discardDraft = () => {
    clearDraft();
    form.reset(emptyNewLead);
    // A new form: a new key (the old one may belong to a lead the server already made).
    setIdempotencyKey(newKey());
    setRestored(false);
  };

  // The rule has no field of its own: a refused submit goes to the first of its fields.
  const onInvalid = (errs: object) => {
    if (Object.keys(errs).every((k) => k === 'identifying')) form.setFocus('contact.lastname');
  };

  const submit = form.handleSubmit(async (values) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    try {
      const created = await create.mutateAsync(toCreateLeadInput(values, idempotencyKey));
      doneRef.current = true;
      guard.allowNextNavigation();
      clearDraft();
      notifications.show({ color: 'green', message: t('newLead.created') });
      void navigate(`/leads/${created.leadId}`);
    } catch (e) {
      applyServerError(form.setError, e, targetOfServerMessage, { fallback: words.error });
    } finally {
      sendingRef.current = false;
    }
  }, onInvalid);

  // Reads only `errors` (getFieldState would also subscribe to dirty and touched fields: a render per keystroke).
  const fieldError = (path: Path) =>
    formMessage(t, words, (get(errors, path) as FieldError | undefined)?.message);
  const text = (path: Path, label: string, props: TextInputProps = {}) => (
    <TextInput label={label} error={fieldError(path)} {...props} {...form.register(path)} />
  );
  const ruleMessage = words.text(errors.root?.identifying?.message || MSG.identifying);

  return (
    <form onSubmit={submit} noValidate aria-label={t('newLead.formLabel')}>
      <Stack gap="md">
        {restored && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconRestore aria-hidden />}
            title={t('newLead.restored')}
          >
            <Group gap="sm" justify="space-between">
              <Text size="sm">{t('newLead.restoredHint')}</Text>
              <Button size="xs" variant="default" onClick={discardDraft}>
                {t('newLead.discardDraft')}
              </Button>
            </Group>
          </Alert>
        )}

        <Fieldset legend={t('newLead.group.pipeline')}>
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="ispatient"
              render={({ field }) => (
                <Radio.Group
                  label={t('field.pipeline')}
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    // Folders belong to one pipeline: back to the new pipeline's default.
                    form.setValue('folderId', '', { shouldDirty: true });
                  }}
                >
                  <Group gap="md" mt={4}>
                    <Radio value="1" label={t('pipeline.patient')} />
                    <Radio value="0" label={t('pipeline.contact')} />
                  </Group>
                </Radio.Group>
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NativeSelect
                label={t('field.folder')}
                error={fieldError('folderId')}
                data={[
                  {
                    value: '',
                    label: t('newLead.defaultFolder', {
                      folder: defaultFolder ? folderName(defaultFolder) : '',
                    }),
                  },
                  ...folders.map((f) => ({ value: String(f.folderId), label: folderName(f) })),
                ]}
                {...form.register('folderId')}
              />
              <NativeSelect
                label={t('field.source')}
                error={fieldError('source')}
                data={[
                  { value: '', label: t('newLead.noSource') },
                  ...(reference.data?.sources ?? []).map((s) => ({ value: s.code, label: s.label })),
                ]}
                {...form.register('source')}
              />
              <NativeSelect
                label={t('field.assignee')}
                error={fieldError('assigneeId')}
                data={[
                  { value: '', label: t('task.nobody') },
                  ...users
                    .filter((u) => u.active)
                    .map((u) => ({ value: String(u.userid), label: userName(users, u.userid) })),
                ]}
                {...form.register('assigneeId')}
              />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="flags"
              render={({ field }) => (
                <Checkbox.Group label={t('field.flags')} value={field.value ?? []} onChange={field.onChange}>
                  <Group gap="md" mt={4}>
                    {(reference.data?.flags ?? []).map((f) => (
                      <Checkbox key={f.code} value={f.code} label={f.label} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            />
            <Textarea
              label={t('field.what')}
              autosize
              minRows={2}
              error={fieldError('what')}
              {...form.register('what')}
            />
          </Stack>
        </Fieldset>

        <Alert
          color={showRule ? 'orange' : 'indigo'}
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="status"
          aria-live="polite"
          data-testid="identifying-rule"
        >
          {showRule ? (
            <Text size="sm" fw={600}>
              {ruleMessage}
            </Text>
          ) : (
            <Text size="sm">{t('newLead.ruleHint')}</Text>
          )}
        </Alert>

        <Fieldset legend={t('group.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('contact.salutation', t('field.salutation'))}
            {text('contact.title', t('field.title'))}
            {text('contact.alias', t('field.alias'))}
            {text('contact.firstname', t('field.firstname'), { autoComplete: 'off' })}
            {text('contact.lastname', t('field.lastname'), { autoComplete: 'off' })}
            <NativeSelect
              label={t('field.gender')}
              error={fieldError('contact.gender')}
              data={leadGenders.map((g) => ({
                value: g,
                label: g === '' ? t('gender.unknown') : t(`gender.${g}`),
              }))}
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
            {text('contact.civilStatus', t('field.civilStatus'))}
            {text('contact.nationality', t('field.nationality'))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('group.address')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('address.street', t('field.street'))}
            {text('address.zip', t('field.zip'))}
            {text('address.city', t('field.city'))}
            {text('address.country', t('field.country'))}
            {text('address.countryCode', t('field.countryCode'), {
              maxLength: 2,
              description: t('newLead.countryCodeHint'),
            })}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('group.communication')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('communication.mail', t('field.mail'), { type: 'email', autoComplete: 'off' })}
            {text('communication.mail2', t('field.mail2'), { type: 'email', autoComplete: 'off' })}
            {text('communication.mobile', t('field.mobile'), { type: 'tel', autoComplete: 'off' })}
            {text('communication.mobile2', t('field.mobile2'), { type: 'tel', autoComplete: 'off' })}
            {text('communication.phone', t('field.phone'), { type: 'tel', autoComplete: 'off' })}
            {text('communication.phone2', t('field.phone2'), { type: 'tel', autoComplete: 'off' })}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('group.medical')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('medical.bloodType', t('field.bloodType'))}
            {text('medical.job', t('field.job'))}
            {text('medical.height', t('field.heightCm'), { inputMode: 'decimal' })}
            {text('medical.weight', t('field.weightKg'), { inputMode: 'decimal' })}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('group.insurance')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('insurance.kvg', t('field.kvg'))}
            {text('insurance.kvgPoliceNr', t('field.kvgPoliceNr'))}
            {text('insurance.vvg', t('field.vvg'))}
            {text('insurance.payerType', t('field.payerType'))}
          </SimpleGrid>
        </Fieldset>

        {/* The form and its draft keep the input; Retry sends it again with the same idempotency key (0029, 0039). */}
        {errors.root?.server?.message && (
          <SaveFailed
            message={errors.root.server.message}
            title={t('newLead.failed')}
            saving={isSubmitting}
          />
        )}

        <Group gap="sm">
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
            {t('newLead.submit')}
          </Button>
          <Button variant="default" onClick={() => void navigate('/leads')} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>

      {guard.dialog}
    </form>
  );
}
