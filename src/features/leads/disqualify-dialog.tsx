import { Alert, Button, Group, Radio, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '../../../contract/sales.ts';
import { call } from '../../api/client.ts';
import { useSubmitMutation } from '../../api/use-submit-mutation.ts';
import { Dialog } from '../../components/dialog.tsx';
import { describeError } from '../../components/states.tsx';
import { leadName } from './board-lead.ts';
import { disqualifyLeadMutation, referenceDataQuery } from './queries.ts';

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

/**
 * Disqualifies a lead: asks for a reason code (getReferenceData disqualification) and calls disqualifyLead, the
 * only way into folder 5/15. For "Other" it asks for a short text too, written as a note right after (one action
 * for the user). The server's refusal stays in the dialog, with the choice kept.
 */
export function DisqualifyDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leads');
  const name = leadName(lead);
  const reference = useQuery({ ...referenceDataQuery(), enabled: opened });
  const base = disqualifyLeadMutation();
  const mutation = useSubmitMutation({
    ...base,
    mutationFn: async (v: { leadId: number; reasonCode: string; note?: string }) => {
      await call('disqualifyLead', { leadId: v.leadId, reasonCode: v.reasonCode });
      if (v.note) await call('addLeadNote', { leadId: v.leadId, text: v.note });
      return null;
    },
  });
  const [reason, setReason] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [other, setOther] = useState('');
  const [otherMissing, setOtherMissing] = useState(false);
  const needsText = reason === OTHER_REASON;
  const reasons = reference.data?.disqualification ?? [];

  const { reset } = mutation;
  useEffect(() => {
    if (opened) {
      setReason(null);
      setMissing(false);
      setOther('');
      setOtherMissing(false);
      reset();
    }
  }, [opened, reset]);

  const submit = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    const text = other.trim();
    if (needsText && text === '') {
      setOtherMissing(true);
      return;
    }
    mutation.mutate(
      {
        leadId: lead.leadId,
        reasonCode: reason,
        note: needsText ? t('disqualify.otherNote', { text }) : undefined,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('disqualify.done', { name }) });
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
      title={t('disqualify.title', { name })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {reference.isPending ? (
            <Stack gap="xs" aria-busy="true" aria-label={t('dialog.loading')}>
              <Skeleton height={20} />
              <Skeleton height={20} />
              <Skeleton height={20} />
            </Stack>
          ) : reference.isError ? (
            <Alert color="red" role="alert" title={t('dialog.referenceFailed')}>
              <Group justify="space-between">
                <Text size="sm">{describeError(reference.error, t)}</Text>
                <Button size="xs" variant="default" onClick={() => void reference.refetch()}>
                  {t('dialog.retry')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <Radio.Group
              label={t('disqualify.reason')}
              value={reason}
              onChange={(v) => {
                setReason(v);
                setMissing(false);
              }}
              withAsterisk
              error={missing ? t('disqualify.reasonRequired') : undefined}
            >
              <Stack gap="xs" mt="xs">
                {reasons.map((r) => (
                  <Radio key={r.code} value={r.code} label={r.label} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {needsText && (
            <Textarea
              label={t('disqualify.otherText')}
              description={t('disqualify.otherHint')}
              value={other}
              onChange={(e) => {
                setOther(e.currentTarget.value);
                setOtherMissing(false);
              }}
              maxLength={OTHER_TEXT_MAX}
              autosize
              minRows={2}
              required
              data-autofocus
              error={otherMissing ? t('disqualify.otherRequired') : undefined}
            />
          )}
          {mutation.isError && (
            <Alert color="red" role="alert" title={t('disqualify.failed')}>
              {describeError(mutation.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={mutation.isPending} disabled={reference.isPending}>
              {t('disqualify.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
