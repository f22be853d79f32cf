import { Alert, Button, Checkbox, Group, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult } from '../../../contract/sales.ts';
import { meQuery, userName, usersQuery } from '../../api/people.ts';
import { useSubmitMutation } from '../../api/use-submit-mutation.ts';
import { Dialog } from '../../components/dialog.tsx';
import { describeError } from '../../components/states.tsx';
import { leadName } from './board-lead.ts';
import type { LeadDialogProps } from './disqualify-dialog.tsx';
import { bulkAssignMutation } from './queries.ts';

interface AssignFormProps {
  opened: boolean;
  title: string;
  leadIds: number[];
  /** The assignee now, preselected (single lead). */
  current?: number | null;
  onClose: () => void;
  onDone: (result: BulkResult, userId: number) => void;
}

/** Picks a user (or nobody) and calls bulkAssign, with the option to notify the assignee by mail. */
function AssignForm({ opened, title, leadIds, current, onClose, onDone }: AssignFormProps) {
  const { t } = useTranslation('leads');
  const users = useQuery({ ...usersQuery(), enabled: opened });
  const me = useQuery({ ...meQuery(), enabled: opened });
  const mutation = useSubmitMutation(bulkAssignMutation());
  const [userId, setUserId] = useState<string | null>(null);
  const [notify, setNotify] = useState(false);

  const { reset } = mutation;
  useEffect(() => {
    if (opened) {
      setUserId(current ? String(current) : null);
      setNotify(false);
      reset();
    }
  }, [opened, current, reset]);

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
  const chosen = userId === null ? null : Number(userId);

  const submit = () => {
    if (chosen === null) return;
    mutation.mutate(
      { leadIds, userId: chosen, notify: chosen !== 0 && notify },
      { onSuccess: (result) => onDone(result, chosen) },
    );
  };

  return (
    <Dialog
      closeLabel={t('dialog.close')}
      opened={opened}
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={title}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Select
            label={t('assign.user')}
            placeholder={users.isPending ? t('dialog.loading') : t('assign.choose')}
            data={options}
            value={userId}
            onChange={setUserId}
            searchable
            withAsterisk
            data-autofocus
            error={users.isError ? describeError(users.error, t) : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label={t('assign.notify')}
            description={t('assign.notifyHint')}
            checked={notify && chosen !== 0}
            disabled={chosen === 0}
            onChange={(e) => setNotify(e.currentTarget.checked)}
          />
          {mutation.isError && (
            <Alert color="red" role="alert" title={t('assign.failed')}>
              {describeError(mutation.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={chosen === null}>
              {t('assign.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Assigns one lead (bulkAssign with one id). */
export function AssignDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leads');
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
  const { t } = useTranslation('leads');
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
