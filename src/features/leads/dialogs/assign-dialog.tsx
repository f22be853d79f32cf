import { Checkbox, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { bulkAssignMutation } from '#api/sales.ts';
import { meQuery, userName, usersQuery } from '#api/system.ts';
import { useSubmitMutation } from '#api/use-submit-mutation.ts';
import { FormDialog, type FormDialogForm } from '#components/form-dialog.tsx';
import { describeError } from '#components/states.tsx';
import { type BulkResult, salesOperations } from '#contract/sales.ts';
import { leadName } from '../board/lead.ts';
import type { LeadDialogProps } from './disqualify-dialog.tsx';

interface AssignFormProps {
  opened: boolean;
  title: string;
  leadIds: number[];
  /** The assignee now, preselected (single lead). */
  current?: number | null;
  onClose: () => void;
  onDone: (result: BulkResult, userId: number) => void;
}

/** bulkAssign's notify, and the user as the select's value ('0' is nobody); a user is required. */
const assignFormSchema = salesOperations.bulkAssign.input
  .pick({ notify: true })
  .extend({ userId: z.string().regex(/^\d+$/) });
type AssignFormInput = z.input<typeof assignFormSchema>;
type AssignFormOutput = z.output<typeof assignFormSchema>;

/** Picks a user (or nobody) and calls bulkAssign, with the option to notify the assignee by mail. */
function AssignForm({ opened, title, leadIds, current, onClose, onDone }: AssignFormProps) {
  const { t } = useTranslation('leadDetails');
  const users = useQuery({ ...usersQuery(), enabled: opened });
  const me = useQuery({ ...meQuery(), enabled: opened });
  const mutation = useSubmitMutation(bulkAssignMutation());

  const options = [
    { value: '0', label: t('assign.nobody') },
    ...(users.data ?? [])
      .filter((u) => u.active || u.userid === current)
      .map((u) => ({
        value: String(u.userid),
        label:
          u.userid === me.data?.userid
            ? t('assign.me', { name: userName(users.data, u.userid) })
            : userName(users.data, u.userid),
      })),
  ];

  return (
    <FormDialog<AssignFormInput, AssignFormOutput>
      closeLabel={t('dialog.close', { ns: 'leads' })}
      opened={opened}
      onClose={onClose}
      title={title}
      schema={assignFormSchema}
      defaultValues={{ userId: current ? String(current) : '', notify: false }}
      confirmDiscard={false}
      errorTitle={t('assign.failed')}
      cancelLabel={t('dialog.cancel', { ns: 'leads' })}
      submitLabel={t('assign.submit')}
      submitProps={(form) => ({ disabled: form.watch('userId') === '' })}
      onSubmit={async (values) => {
        const user = Number(values.userId);
        const result = await mutation.mutateAsync({
          leadIds,
          userId: user,
          notify: user !== 0 && values.notify === true,
        });
        onDone(result, user);
      }}
    >
      {(form) => (
        <AssignFields
          form={form}
          options={options}
          placeholder={users.isPending ? t('dialog.loading', { ns: 'leads' }) : t('assign.choose')}
          error={users.isError ? describeError(users.error, t) : undefined}
        />
      )}
    </FormDialog>
  );
}

function AssignFields({
  form,
  options,
  placeholder,
  error,
}: {
  form: FormDialogForm<AssignFormInput, AssignFormOutput>;
  options: { value: string; label: string }[];
  placeholder: string;
  error: string | undefined;
}) {
  const { t } = useTranslation('leadDetails');
  const userId = useWatch({ control: form.control, name: 'userId' });
  const chosen = userId ? Number(userId) : null;
  return (
    <>
      <Controller
        control={form.control}
        name="userId"
        render={({ field }) => (
          <Select
            label={t('assign.user')}
            placeholder={placeholder}
            data={options}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            searchable
            withAsterisk
            data-autofocus
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="notify"
        render={({ field }) => (
          <Checkbox
            label={t('assign.notify')}
            description={t('assign.notifyHint')}
            checked={field.value === true && chosen !== 0}
            disabled={chosen === 0}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
    </>
  );
}

/** Assigns one lead (bulkAssign with one id). */
export function AssignDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leadDetails');
  const users = useQuery({ ...usersQuery(), enabled: opened });
  const name = leadName(lead);
  return (
    <AssignForm
      opened={opened}
      title={t('assign.title', { name })}
      leadIds={[lead.leadId]}
      current={lead.assigneeId}
      onClose={onClose}
      onDone={(result, userId) => {
        const failed = result.errors[0];
        if (failed) {
          notifications.show({ color: 'red', title: t('assign.failed'), message: failed.msg });
        } else if (result.updated === 0) {
          notifications.show({ message: t('assign.unchanged', { name }) });
        } else {
          notifications.show({
            color: 'green',
            message:
              userId === 0
                ? t('assign.removed', { name })
                : t('assign.done', { name, user: userName(users.data, userId) }),
          });
        }
        onDone();
      }}
    />
  );
}

export interface BulkAssignDialogProps {
  leadIds: number[];
  opened: boolean;
  onClose: () => void;
  /** The per-lead result (updated, skipped, errors) for the caller to show. */
  onDone: (result: BulkResult) => void;
}

/** Assigns the selected leads at once. */
export function BulkAssignDialog({ leadIds, opened, onClose, onDone }: BulkAssignDialogProps) {
  const { t } = useTranslation('leadDetails');
  return (
    <AssignForm
      opened={opened}
      title={t('assign.bulkTitle', { count: leadIds.length })}
      leadIds={leadIds}
      onClose={onClose}
      onDone={(result) => onDone(result)}
    />
  );
}
