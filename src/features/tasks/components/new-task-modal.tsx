import { Checkbox, NativeSelect, SimpleGrid, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createOnce, createOnceState } from '#api/create-once.ts';
import { addTaskMutation, findCreatedTask } from '#api/sales.ts';
import { meQuery, type PracticeUser, userName, usersQuery } from '#api/system.ts';
import { FormDialog, type FormDialogForm } from '#components/form-dialog.tsx';
import { useMessageWords } from '#components/messages.ts';
import { ReminderFields } from '#components/reminder-fields.tsx';
import { targetFrom } from '#components/server-error.ts';
import { MSG, MSG_FIELD } from '#contract/sales.ts';
import {
  CHOOSE_LEAD,
  emptyNewTask,
  type NewTaskForm,
  type NewTaskValues,
  newTaskSchema,
  toAddLeadTask,
} from '../task-form.ts';
import { LeadPicker } from './lead-picker.tsx';

/** addLeadTask's messages on this form's fields (the reminder is a day and a time). */
const fieldOf = targetFrom(MSG_FIELD, {
  leadId: 'leadId',
  text: 'text',
  reminderDate: 'day',
  assignedTo: 'assignedTo',
  priority: 'priority',
});

export interface NewTaskModalProps {
  opened: boolean;
  onClose: () => void;
}

/** A new task for any lead: the lead is found by searching; the inbox refreshes when it is saved. */
export function NewTaskModal({ opened, onClose }: NewTaskModalProps) {
  // Mounted only while open: every opening starts from an empty form.
  return opened ? <NewTaskDialog onClose={onClose} /> : null;
}

function NewTaskDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const me = useQuery(meQuery()).data;
  const users = useQuery(usersQuery()).data ?? [];
  const queryClient = useQueryClient();
  const add = useMutation(addTaskMutation());
  const leadLabel = useRef('');
  // A task whose answer was lost is looked for before it is sent again (decision 0040).
  const once = useRef(createOnceState());

  const words = useMessageWords();
  // The form's own words for its lead picker and for what is to be done; the service's messages as the app says them.
  const message = (m: string | undefined) => {
    if (!m) return undefined;
    if (m === CHOOSE_LEAD) return t('form.errors.lead');
    if (m === MSG.text) return t('form.errors.text');
    return words.text(m);
  };

  return (
    <FormDialog<NewTaskForm, NewTaskValues>
      opened
      onClose={onClose}
      title={t('form.title')}
      size="lg"
      closeOnClickOutside={false}
      closeLabel={t('form.close')}
      formLabel={t('form.label')}
      includeSearch
      schema={newTaskSchema}
      defaultValues={emptyNewTask(me?.userid)}
      fieldOf={fieldOf}
      submitLabel={t('form.submit')}
      onSubmit={async (values) => {
        const input = toAddLeadTask(values);
        const outcome = await createOnce(once.current, {
          find: () => findCreatedTask(queryClient, input),
          create: () => add.mutateAsync(input),
        });
        const found = 'found' in outcome && outcome.found;
        const addedFor = t('form.addedFor', { text: input.text, lead: leadLabel.current });
        notifications.show({
          color: 'green',
          title: t('form.added'),
          message: found ? `${addedFor}. ${t('form.addedAfterLostAnswer')}` : addedFor,
        });
        onClose();
      }}
    >
      {(form) => <TaskFields form={form} users={users} message={message} leadLabel={leadLabel} />}
    </FormDialog>
  );
}

function TaskFields({
  form,
  users,
  message,
  leadLabel,
}: {
  form: FormDialogForm<NewTaskForm, NewTaskValues>;
  users: readonly PracticeUser[];
  message: (m: string | undefined) => string | undefined;
  leadLabel: { current: string };
}) {
  const { t } = useTranslation('tasks');
  const { errors } = form.formState;
  const assignedTo = useWatch({ control: form.control, name: 'assignedTo' });
  const activeUsers = users.filter((u) => u.active || String(u.userid) === assignedTo);
  return (
    <>
      <Controller
        control={form.control}
        name="leadId"
        render={({ field }) => (
          <LeadPicker
            value={field.value}
            onChange={(v, picked) => {
              leadLabel.current = picked?.label ?? '';
              field.onChange(v);
            }}
            onBlur={field.onBlur}
            error={message(errors.leadId?.message)}
            enabled
          />
        )}
      />
      <Textarea
        label={t('form.text')}
        autosize
        minRows={2}
        required
        error={message(errors.text?.message)}
        {...form.register('text')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ReminderFields
          control={form.control}
          dayLabel={t('form.day')}
          timeLabel={t('form.time')}
          dayError={message(errors.day?.message)}
          timeError={message(errors.time?.message)}
        />
        <NativeSelect
          label={t('form.assignee')}
          error={message(errors.assignedTo?.message)}
          data={[
            { value: '', label: t('form.nobody') },
            ...activeUsers.map((u) => ({ value: String(u.userid), label: userName(users, u.userid) })),
          ]}
          {...form.register('assignedTo')}
        />
        <NativeSelect
          label={t('form.priority')}
          error={message(errors.priority?.message)}
          data={(['0', '1', '2', '3'] as const).map((p) => ({
            value: p,
            label: `${p} – ${t(`priority.${p}`)}`,
          }))}
          {...form.register('priority')}
        />
      </SimpleGrid>
      <Checkbox label={t('form.notify')} disabled={assignedTo === ''} {...form.register('notifyAssignee')} />
    </>
  );
}
