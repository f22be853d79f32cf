import { Group, Radio, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createOnce, createOnceState } from '#api/create-once.ts';
import {
  createRecallMutation,
  findCreatedRecall,
  modifyRecallMutation,
  templatesQuery,
} from '#api/recall.ts';
import { DayField, TimeField } from '#components/date-time-fields.tsx';
import { FormDialog, type FormDialogForm } from '#components/form-dialog.tsx';
import { targetFrom } from '#components/server-error.ts';
import { MSG_FIELD, type Recall, recallTypes } from '#contract/recall.ts';
import { patientDeletedMessage } from '#contract/system.ts';
import { describeFrequency, frequencyOptions } from '../frequency.ts';
import { mergeDraft } from '../queries.ts';
import {
  draftFromTemplate,
  emptyDraft,
  type RecallDraft,
  recallDraftSchema,
  toCreateInput,
  toDraft,
} from '../recall-form.ts';
import { PatientField } from './patient-field.tsx';

export type RecallFormTarget =
  | { kind: 'create'; preset: 0 | 1; patid: number }
  | { kind: 'edit'; recall: Recall; preset: 0 | 1 };

/** The service's messages on this form's fields (the recall's date and time are one `nextRecall`). */
const serverFieldOf = targetFrom(MSG_FIELD, {
  title: 'title',
  patid: 'patid',
  nextRecall: 'date',
  recallType: 'recallType',
});

export function RecallFormModal({
  target,
  onClose,
}: {
  target: RecallFormTarget | null;
  onClose: () => void;
}) {
  if (!target) return null;
  const key = target.kind === 'edit' ? `edit-${target.recall.id}` : `create-${target.preset}-${target.patid}`;
  return <RecallFormDialog key={key} target={target} onClose={onClose} />;
}

function RecallFormDialog({ target, onClose }: { target: RecallFormTarget; onClose: () => void }) {
  const { t } = useTranslation('recalls');
  const editing = target.kind === 'edit';
  const initial =
    target.kind === 'edit'
      ? toDraft(target.recall, target.preset)
      : emptyDraft({ preset: target.preset, patid: target.patid });
  const queryClient = useQueryClient();
  const create = useMutation(createRecallMutation());
  const modify = useMutation(modifyRecallMutation(mergeDraft));
  // A create whose answer was lost is looked for before it is sent again (decision 0040).
  const once = useRef(createOnceState());

  const done = (msg: string) => {
    notifications.show({
      closeButtonProps: { 'aria-label': t('close') },
      color: 'green',
      message: msg,
    });
    onClose();
  };

  const save = async (draft: RecallDraft) => {
    if (target.kind === 'edit') {
      await modify.mutateAsync({ original: target.recall, draft, preset: target.preset });
      done(t('form.saved'));
    } else {
      const input = toCreateInput(draft);
      const r = await createOnce(once.current, {
        find: () => findCreatedRecall(queryClient, input),
        create: () => create.mutateAsync(input),
      });
      if ('stopped' in r) return;
      const id = r.value.recallId;
      const text = t(draft.preset ? 'form.templateCreated' : 'form.created', { id });
      done(r.found ? `${text} ${t('form.createdAfterLostAnswer')}` : text);
    }
  };

  return (
    <FormDialog<RecallDraft>
      opened
      onClose={onClose}
      title={(form) => {
        const preset = form.watch('preset');
        return editing
          ? t(preset ? 'form.editTemplate' : 'form.edit')
          : t(preset ? 'form.newTemplate' : 'form.new');
      }}
      size="lg"
      schema={recallDraftSchema}
      defaultValues={initial}
      fieldOf={serverFieldOf}
      errorTitle={t('form.failed')}
      submitLabel={editing ? t('form.save') : t('form.create')}
      onSubmit={save}
    >
      {(form) => <RecallFields form={form} editing={editing} initial={initial} />}
    </FormDialog>
  );
}

function RecallFields({
  form,
  editing,
  initial,
}: {
  form: FormDialogForm<RecallDraft, RecallDraft>;
  editing: boolean;
  initial: RecallDraft;
}) {
  const { t } = useTranslation('recalls');
  const {
    register,
    control,
    reset,
    getValues,
    formState: { errors },
  } = form;
  const templates = useQuery({ ...templatesQuery(), enabled: !editing });
  const preset = useWatch({ control, name: 'preset' });
  const recurring = useWatch({ control, name: 'recurring' });

  const err = (key: keyof RecallDraft) => {
    const m = errors[key]?.message;
    // A deleted patient gets no recall (the service refuses it, decision 0019): said in the user's language.
    if (m === patientDeletedMessage) return t('form.errors.patientDeleted');
    return m ? t(`form.errors.${m}`, { defaultValue: m }) : undefined;
  };

  const freqData = [
    ...new Set([...frequencyOptions, ...(initial.recurringFrequency ? [initial.recurringFrequency] : [])]),
  ].map((f) => ({ value: f, label: describeFrequency(f, t) }));

  return (
    <>
      {!editing && (
        <Controller
          control={control}
          name="preset"
          render={({ field }) => (
            <Switch
              label={t('form.asTemplate')}
              description={t('form.asTemplateHint')}
              checked={field.value === 1}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)}
            />
          )}
        />
      )}
      {!editing && preset === 0 && (
        <Select
          label={t('form.fromTemplate')}
          placeholder={templates.isError ? t('form.templatesFailed') : t('form.chooseTemplate')}
          data={(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.title }))}
          value={null}
          onChange={(v) => {
            const tpl = templates.data?.find((x) => String(x.id) === v);
            if (tpl) reset(draftFromTemplate(tpl, getValues()), { keepDefaultValues: true });
          }}
          disabled={!templates.data?.length}
          clearable={false}
        />
      )}
      {preset === 0 && (
        <Controller
          control={control}
          name="patid"
          render={({ field }) => (
            <PatientField
              label={t('form.patient')}
              patid={field.value}
              onChange={field.onChange}
              error={err('patid')}
              required
              clearLabel={t('form.changePatient')}
            />
          )}
        />
      )}
      <TextInput {...register('title')} label={t('form.title')} error={err('title')} required />
      <SimpleGrid cols={2} spacing="sm">
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DayField
              label={t('form.date')}
              error={err('date')}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="time"
          render={({ field }) => (
            <TimeField
              label={t('form.time')}
              error={err('time')}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="recallType"
        render={({ field }) => (
          <Radio.Group
            label={t('form.type')}
            value={field.value}
            onChange={field.onChange}
            error={err('recallType')}
            required
          >
            <Group mt={6}>
              {recallTypes.map((rt) => (
                <Radio key={rt} value={rt} label={t(`type.${rt}`)} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <Textarea {...register('recallText')} label={t('form.text')} autosize minRows={3} maxRows={10} />
      <Textarea
        {...register('internalComment')}
        label={t('form.comment')}
        description={t('form.commentHint')}
        autosize
        minRows={2}
        maxRows={6}
      />
      <Group gap="xl" align="flex-start">
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('form.active')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Controller
          control={control}
          name="recurring"
          render={({ field }) => (
            <Switch
              label={t('form.recurring')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
      </Group>
      {recurring && (
        <Controller
          control={control}
          name="recurringFrequency"
          render={({ field }) => (
            <Select
              label={t('form.frequency')}
              data={freqData}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={err('recurringFrequency')}
              required
            />
          )}
        />
      )}
    </>
  );
}
