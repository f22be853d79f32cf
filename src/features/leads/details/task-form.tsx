import { Checkbox, NativeSelect, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createOnce, createOnceState } from '#api/create-once.ts';
import { addTaskMutation, findCreatedTask } from '#api/sales.ts';
import { meQuery, userName, usersQuery } from '#api/system.ts';
import { contractResolver } from '#components/form-resolver.ts';
import { useMessageWords } from '#components/messages.ts';
import { ReminderFields } from '#components/reminder-fields.tsx';
import { applyServerError, targetFrom } from '#components/server-error.ts';
import { taskFormFields, toTaskInput, withReminderRule } from '#components/task-form.ts';
import { useReportUnsaved } from '#components/unsaved-changes.tsx';
import { MSG_FIELD } from '#contract/sales.ts';
import { referenceQuery } from '../shared/queries.ts';
import { DetailsFormFooter } from './form-footer.tsx';
import type { NewTask } from './queries.ts';

/** The one task form (components/task-form.ts) as the lead page has it: the lead is this page's, a category. */
export const taskFormSchema = withReminderRule(taskFormFields.omit({ leadId: true }));
type TaskFormInput = z.input<typeof taskFormSchema>;
type TaskFormOutput = z.output<typeof taskFormSchema>;

/** The form's values as addLeadTask wants them. notify only when someone is assigned. */
export function toNewTask(v: TaskFormOutput): NewTask {
  return { ...toTaskInput(v), category: v.category || undefined };
}

/** addLeadTask's messages on this form's fields (the reminder is a day and a time). */
const fieldOf = targetFrom(MSG_FIELD, {
  text: 'text',
  reminderDate: 'day',
  assignedTo: 'assignedTo',
  priority: 'priority',
});

export function DetailsTaskForm({ leadId, onDone }: { leadId: number; onDone: () => void }) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const categories = useQuery(referenceQuery()).data?.categories ?? [];
  const users = useQuery(usersQuery()).data ?? [];
  const me = useQuery(meQuery()).data;
  const queryClient = useQueryClient();
  const add = useMutation(addTaskMutation());
  // A task whose answer was lost is looked for before it is sent again (decision 0040).
  const once = useRef(createOnceState());
  const form = useForm<TaskFormInput, unknown, TaskFormOutput>({
    resolver: contractResolver(taskFormSchema),
    defaultValues: {
      text: '',
      category: '',
      day: '',
      time: '',
      assignedTo: me ? String(me.userid) : '',
      priority: '0',
      notifyAssignee: false,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useReportUnsaved('task', isDirty);
  const assignedTo = useWatch({ control: form.control, name: 'assignedTo' });

  const submit = form.handleSubmit(async (values) => {
    try {
      const input = { leadId, ...toNewTask(values) };
      const outcome = await createOnce(once.current, {
        find: () => findCreatedTask(queryClient, input),
        create: () => add.mutateAsync(input),
      });
      // The timeline shows a saved task; one found after a lost answer is said as well, so it is not added again.
      if ('found' in outcome && outcome.found)
        notifications.show({ color: 'green', message: t('task.savedAfterLostAnswer') });
      form.reset();
      onDone();
    } catch (e) {
      applyServerError(form.setError, e, fieldOf, {
        fallback: words.error,
        shouldFocus: false,
      });
    }
  });

  const message = (m: string | undefined) => (m ? words.text(m) : undefined);
  const activeUsers = users.filter((u) => u.active || String(u.userid) === assignedTo);

  return (
    <form onSubmit={submit} noValidate aria-label={t('task.formLabel')}>
      <Stack gap="sm">
        <Textarea
          label={t('task.text')}
          autosize
          minRows={2}
          required
          data-autofocus
          error={message(errors.text?.message)}
          {...form.register('text')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ReminderFields
            control={form.control}
            dayLabel={t('task.day')}
            timeLabel={t('task.time')}
            dayError={message(errors.day?.message)}
            timeError={message(errors.time?.message)}
          />
          <NativeSelect
            label={t('task.assignee')}
            error={message(errors.assignedTo?.message)}
            data={[
              { value: '', label: t('task.nobody') },
              ...activeUsers.map((u) => ({ value: String(u.userid), label: userName(users, u.userid) })),
            ]}
            {...form.register('assignedTo')}
          />
          <NativeSelect
            label={t('task.priority')}
            error={message(errors.priority?.message)}
            data={(['0', '1', '2', '3'] as const).map((p) => ({
              value: p,
              label: t(`priority.${p}`),
            }))}
            {...form.register('priority')}
          />
          <NativeSelect
            label={t('task.category')}
            data={[
              { value: '', label: t('noCategory') },
              ...categories.map((c) => ({ value: c.code, label: c.label })),
            ]}
            {...form.register('category')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('task.notify')}
          description={t('task.notifyHint')}
          disabled={assignedTo === ''}
          {...form.register('notifyAssignee')}
        />
        <DetailsFormFooter
          serverError={errors.root?.server?.message}
          submitLabel={t('task.submit')}
          submitting={isSubmitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
