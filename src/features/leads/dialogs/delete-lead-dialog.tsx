import { Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { deleteLeadMutation } from '#api/sales.ts';
import { useSubmitMutation } from '#api/use-submit-mutation.ts';
import { FormDialog } from '#components/form-dialog.tsx';
import { salesOperations } from '#contract/sales.ts';
import { leadName } from '../board/lead.ts';
import type { LeadDialogProps } from './disqualify-dialog.tsx';

const MAX_REASON = 500;

/** deleteLead's own field: the reason (trimmed, required). */
export const deleteFormSchema = salesOperations.deleteLead.input.pick({ reason: true });
type DeleteFormInput = z.input<typeof deleteFormSchema>;
type DeleteFormOutput = z.output<typeof deleteFormSchema>;

/** Deletes a lead (soft: it can be restored under "Show deleted"); deleteLead needs a reason. */
export function DeleteLeadDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leadDetails');
  const name = leadName(lead);
  const mutation = useSubmitMutation(deleteLeadMutation());

  return (
    <FormDialog<DeleteFormInput, DeleteFormOutput>
      closeLabel={t('dialog.close', { ns: 'leads' })}
      opened={opened}
      onClose={onClose}
      title={t('delete.title', { name })}
      schema={deleteFormSchema}
      defaultValues={{ reason: '' }}
      confirmDiscard={false}
      errorTitle={t('delete.failed')}
      cancelLabel={t('dialog.cancel', { ns: 'leads' })}
      submitLabel={t('delete.submit')}
      submitProps={{ color: 'red.9' }}
      onSubmit={async ({ reason }) => {
        await mutation.mutateAsync({ leadId: lead.leadId, reason });
        notifications.show({ color: 'green', message: t('delete.done', { name }) });
        onDone();
      }}
    >
      {(form) => (
        <>
          <Text size="sm">{t('delete.intro')}</Text>
          <Textarea
            label={t('delete.reason')}
            {...form.register('reason')}
            maxLength={MAX_REASON}
            autosize
            minRows={2}
            withAsterisk
            data-autofocus
            error={form.formState.errors.reason !== undefined ? t('delete.reasonRequired') : undefined}
          />
        </>
      )}
    </FormDialog>
  );
}
