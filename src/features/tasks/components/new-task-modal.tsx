import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addTaskMutation } from '../../../api/sales.ts';
import { meQuery, userName, usersQuery } from '../../../api/system.ts';
import { DayField, TimeField } from '../../../components/date-time-fields.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { contractResolver } from '../../../components/form-resolver.ts';
import { applyServerError, targetIn } from '../../../components/server-error.ts';
import { describeError } from '../../../components/states.tsx';
import { useNavigationBlock } from '../../../components/unsaved-changes.tsx';
import {
  emptyNewTask,
  fieldOfMessage,
  messageKey,
  type NewTaskForm,
  type NewTaskValues,
  newTaskSchema,
  toAddLeadTask,
} from '../task-form.ts';
import { LeadPicker } from './lead-picker.tsx';

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
  const add = useMutation(addTaskMutation());
  const [asking, setAsking] = useState(false);
  const leadLabel = useRef('');
  const form = useForm<NewTaskForm, unknown, NewTaskValues>({
    resolver: contractResolver(newTaskSchema),
    defaultValues: emptyNewTask(me?.userid),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const assignedTo = useWatch({ control: form.control, name: 'assignedTo' });

  // Leaving the page with something typed asks first; so does closing the dialog.
  const block = useNavigationBlock(isDirty && !isSubmitting, { includeSearch: true });
  const confirming = asking || block.blocked;

  const submit = form.handleSubmit(async (values) => {
    try {
      const input = toAddLeadTask(values);
      await add.mutateAsync(input);
      notifications.show({
        color: 'green',
        title: t('form.added'),
        message: t('form.addedFor', { text: input.text, lead: leadLabel.current }),
      });
      form.reset(values);
      onClose();
    } catch (e) {
      // What was typed stays; the message goes where it belongs.
      applyServerError(form.setError, e, targetIn(fieldOfMessage), {
        fallback: (err) => describeError(err, t),
        shouldFocus: false,
      });
    }
  });

  const message = (m: string | undefined) => {
    if (!m) return undefined;
    const key = messageKey[m];
    return key ? t(`form.errors.${key}` as 'form.errors.lead') : m;
  };

  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty) setAsking(true);
    else onClose();
  };

  const activeUsers = users.filter((u) => u.active || String(u.userid) === assignedTo);

  return (
    <Dialog
      opened
      onClose={requestClose}
      title={t('form.title')}
      size="lg"
      closeOnClickOutside={false}
      closeLabel={t('form.close')}
    >
      <form onSubmit={submit} noValidate aria-label={t('form.label')}>
        <Stack gap="sm">
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
            <Controller
              control={form.control}
              name="day"
              render={({ field }) => (
                <DayField
                  label={t('form.day')}
                  error={message(errors.day?.message)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  clearable
                />
              )}
            />
            <Controller
              control={form.control}
              name="time"
              render={({ field }) => (
                <TimeField
                  label={t('form.time')}
                  error={message(errors.time?.message)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
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
          <Checkbox
            label={t('form.notify')}
            disabled={assignedTo === ''}
            {...form.register('notifyAssignee')}
          />
          {errors.root?.server && (
            <Alert color="red" variant="light" role="alert">
              {errors.root.server.message}
            </Alert>
          )}
          {confirming ? (
            <Alert color="orange" variant="light" role="alertdialog" aria-label={t('form.discardQuestion')}>
              <Stack gap="sm">
                <Text>{t('form.discardQuestion')}</Text>
                <Group gap="sm">
                  <Button
                    variant="default"
                    data-autofocus
                    onClick={() => {
                      setAsking(false);
                      if (block.blocked) block.stay();
                    }}
                  >
                    {t('form.keep')}
                  </Button>
                  <Button
                    color="red"
                    onClick={() => {
                      if (block.blocked) block.leave();
                      else onClose();
                    }}
                  >
                    {t('form.discard')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group gap="sm" justify="flex-end">
              <Button variant="default" onClick={requestClose} disabled={isSubmitting}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {t('form.submit')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Dialog>
  );
}
