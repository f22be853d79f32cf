import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitMutation } from '../../api/use-submit-mutation.ts';
import { Dialog } from '../../components/dialog.tsx';
import { describeError } from '../../components/states.tsx';
import { leadName } from './board-lead.ts';
import type { LeadDialogProps } from './disqualify-dialog.tsx';
import { deleteLeadMutation } from './queries.ts';

const MAX_REASON = 500;

/** Deletes a lead (soft: it can be restored under "Show deleted"); deleteLead needs a reason. */
export function DeleteLeadDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leads');
  const name = leadName(lead);
  const mutation = useSubmitMutation(deleteLeadMutation());
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const { reset } = mutation;
  useEffect(() => {
    if (opened) {
      setReason('');
      setMissing(false);
      reset();
    }
  }, [opened, reset]);

  const submit = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    mutation.mutate(
      { leadId: lead.leadId, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('delete.done', { name }) });
          onDone();
        },
      },
    );
  };

  return (
    <Dialog
      closeLabel={t('dialog.close')}
      opened={opened}
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('delete.title', { name })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{t('delete.intro')}</Text>
          <Textarea
            label={t('delete.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setMissing(false);
            }}
            maxLength={MAX_REASON}
            autosize
            minRows={2}
            withAsterisk
            data-autofocus
            error={missing ? t('delete.reasonRequired') : undefined}
          />
          {mutation.isError && (
            <Alert color="red" role="alert" title={t('delete.failed')}>
              {describeError(mutation.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={mutation.isPending}>
              {t('delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
