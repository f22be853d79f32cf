import { Radio, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { disqualifyLeadMutation } from '#api/sales.ts';
import { useSubmitMutation } from '#api/use-submit-mutation.ts';
import { FormDialog, type FormDialogForm } from '#components/form-dialog.tsx';
import { type Lead, salesOperations } from '#contract/sales.ts';
import { leadName } from '../board/lead.ts';
import { referenceQuery } from '../shared/queries.ts';
import { WithReference } from './reference-state.tsx';

export interface LeadDialogProps {
  lead: Lead;
  opened: boolean;
  /** Cancelled (Cancel, Escape, the close button): nothing was changed. */
  onClose: () => void;
  /** It happened. Exactly one of onClose and onDone ends a dialog; the caller closes it in both. */
  onDone: () => void;
}

/** The reason code that says nothing by itself: the dialog asks for a short text, kept as a note. */
export const OTHER_REASON = 'OTHER';
export const OTHER_TEXT_MAX = 500;

/** disqualifyLead's reason code, and the text that "Other" asks for (kept as a note). */
export const disqualifyFormSchema = salesOperations.disqualifyLead.input
  .pick({ reasonCode: true })
  .extend({ other: z.string().trim().max(OTHER_TEXT_MAX) })
  .refine((v) => v.reasonCode !== OTHER_REASON || v.other !== '', { path: ['other'] });
type DisqualifyFormInput = z.input<typeof disqualifyFormSchema>;
type DisqualifyFormOutput = z.output<typeof disqualifyFormSchema>;
const emptyForm: DisqualifyFormInput = { reasonCode: '', other: '' };

/**
 * Disqualifies a lead: asks for a reason code (getReferenceData disqualification) and calls disqualifyLead, the
 * only way into folder 5/15. For "Other" it asks for a short text too, written as a note right after (one action
 * for the user). The server's refusal stays in the dialog, with the choice kept.
 */
export function DisqualifyDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leadDetails');
  const name = leadName(lead);
  const reference = useQuery({ ...referenceQuery(), enabled: opened });
  const mutation = useSubmitMutation(disqualifyLeadMutation());
  const reasons = reference.data?.disqualification ?? [];

  return (
    <FormDialog<DisqualifyFormInput, DisqualifyFormOutput>
      closeLabel={t('dialog.close', { ns: 'leads' })}
      opened={opened}
      onClose={onClose}
      title={t('disqualify.title', { name })}
      schema={disqualifyFormSchema}
      defaultValues={emptyForm}
      confirmDiscard={false}
      errorTitle={t('disqualify.failed')}
      cancelLabel={t('dialog.cancel', { ns: 'leads' })}
      submitLabel={t('disqualify.submit')}
      submitProps={{ color: 'red.9', disabled: reference.isPending }}
      onSubmit={async ({ reasonCode, other }) => {
        await mutation.mutateAsync({
          leadId: lead.leadId,
          reasonCode,
          note: reasonCode === OTHER_REASON ? t('disqualify.otherNote', { text: other }) : undefined,
        });
        notifications.show({ color: 'green', message: t('disqualify.done', { name }) });
        onDone();
      }}
    >
      {(form) => (
        <WithReference reference={reference}>
          <ReasonFields form={form} reasons={reasons} />
        </WithReference>
      )}
    </FormDialog>
  );
}

function ReasonFields({
  form,
  reasons,
}: {
  form: FormDialogForm<DisqualifyFormInput, DisqualifyFormOutput>;
  reasons: readonly { code: string; label: string }[];
}) {
  const { t } = useTranslation('leadDetails');
  const { errors } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reasonCode' });
  return (
    <>
      <Controller
        control={form.control}
        name="reasonCode"
        render={({ field }) => (
          <Radio.Group
            label={t('disqualify.reason')}
            name={field.name}
            value={field.value || null}
            onChange={field.onChange}
            withAsterisk
            error={errors.reasonCode ? t('disqualify.reasonRequired') : undefined}
          >
            <Stack gap="xs" mt="xs">
              {reasons.map((r) => (
                <Radio key={r.code} value={r.code} label={r.label} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {reason === OTHER_REASON && (
        <Textarea
          label={t('disqualify.otherText')}
          description={t('disqualify.otherHint')}
          {...form.register('other')}
          maxLength={OTHER_TEXT_MAX}
          autosize
          minRows={2}
          required
          data-autofocus
          error={errors.other ? t('disqualify.otherRequired') : undefined}
        />
      )}
    </>
  );
}
