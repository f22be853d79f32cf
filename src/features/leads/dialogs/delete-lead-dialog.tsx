import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { salesOperations } from '../../../../contract/sales.ts';
import { deleteLeadMutation } from '../../../api/sales.ts';
import { useSubmitMutation } from '../../../api/use-submit-mutation.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { contractResolver } from '../../../components/form-resolver.ts';
import { describeError } from '../../../components/states.tsx';
import { leadName } from '../board/lead.ts';
import type { LeadDialogProps } from './disqualify-dialog.tsx';

const MAX_REASON = 500;

/** deleteLead's own field: the reason (trimmed, required). */
export const deleteFormSchema = salesOperations.deleteLead.input.pick({ reason: true });
type DeleteFormInput = z.input<typeof deleteFormSchema>;
type DeleteFormOutput = z.output<typeof deleteFormSchema>;

/** Deletes a lead (soft: it can be restored under "Show deleted"); deleteLead needs a reason. */
export function DeleteLeadDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leads');
  const name = leadName(lead);
  const mutation = useSubmitMutation(deleteLeadMutation());
  const form = useForm<DeleteFormInput, unknown, DeleteFormOutput>({
    resolver: contractResolver(deleteFormSchema),
    defaultValues: { reason: '' },
  });
  const missing = form.formState.errors.reason !== undefined;

  const { reset } = mutation;
  const { reset: resetForm } = form;
  useEffect(() => {
    if (opened) {
      resetForm({ reason: '' });
      reset();
    }
  }, [opened, reset, resetForm]);

  const submit = form.handleSubmit(({ reason }) => {
    mutation.mutate(
      { leadId: lead.leadId, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('delete.done', { name }) });
          onDone();
        },
      },
    );
  });

  return (
    <Dialog
      closeLabel={t('dialog.close')}
      opened={opened}
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('delete.title', { name })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('delete.intro')}</Text>
          <Textarea
            label={t('delete.reason')}
            {...form.register('reason')}
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
            <Button type="submit" color="red.9" loading={mutation.isPending} disabled={mutation.isPending}>
              {t('delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
