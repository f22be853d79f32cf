import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { customerQuery, isMissingOperation, updateCustomerMutation } from '#api/system.ts';
import { Dialog } from '#components/dialog.tsx';
import { contractResolver } from '#components/form-resolver.ts';
import { PatientFields, type PatientFieldValues } from '#components/new-patient/patient-fields.tsx';
import { applyServerError } from '#components/server-error.ts';
import { describeError } from '#components/states.tsx';
import { useUnsavedChangesGuard } from '#components/unsaved-changes.tsx';
import type { Patient } from '#contract/system.ts';
import { changedFields, conflicts, editPatientSchema, toPatientFields } from '../edit-patient.ts';

export interface EditPatientDialogProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

/**
 * A patient's data (address, phone, mobile, mail, language, and the identifying fields): read, merge, write. Only
 * the fields the person changed are sent (updateCustomer changes only those); a field somebody else changed
 * meanwhile is shown and nothing is written. A practice server without updateCustomer: the data stays read-only,
 * and the dialog says why.
 */
export function EditPatientDialog({ patient, opened, onClose }: EditPatientDialogProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const update = useMutation(updateCustomerMutation());
  const [base, setBase] = useState<PatientFieldValues>(() => toPatientFields(patient));
  const [clash, setClash] = useState<{ field: keyof PatientFieldValues; theirs: string }[]>([]);
  // The notice is at the top of a form that, on a phone, is scrolled to its Save button: brought into view.
  const clashRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (clash.length > 0) clashRef.current?.scrollIntoView?.({ block: 'start' });
  }, [clash]);
  const [unsupported, setUnsupported] = useState(false);
  const form = useForm<PatientFieldValues>({
    resolver: contractResolver(editPatientSchema),
    defaultValues: base,
  });
  const { handleSubmit, reset, setError, formState } = form;
  const guard = useUnsavedChangesGuard(opened && formState.isDirty);

  const { reset: resetMutation } = update;
  // The form starts from the record when the dialog opens, and only then: the record is read again before saving
  // (and refreshed in the background), and what the person typed must survive that.
  const latest = useRef(patient);
  latest.current = patient;
  useEffect(() => {
    if (!opened) return;
    const fields = toPatientFields(latest.current);
    setBase(fields);
    reset(fields);
    setClash([]);
    resetMutation();
  }, [opened, reset, resetMutation]);

  const submit = handleSubmit(async (values) => {
    setClash([]);
    const change = changedFields(base, values);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    try {
      const fresh = toPatientFields(
        await queryClient.fetchQuery({ ...customerQuery(patient.patid), staleTime: 0 }),
      );
      const found = conflicts(base, fresh, change);
      if (found.length > 0) {
        setClash(found);
        setBase(fresh);
        return;
      }
      await update.mutateAsync({ patid: patient.patid, ...change });
      notifications.show({
        color: 'green',
        closeButtonProps: { 'aria-label': t('close') },
        message: t('edit.saved'),
      });
      reset(values);
      guard.allowNextNavigation();
      onClose();
    } catch (error) {
      if (isMissingOperation(error)) {
        setUnsupported(true);
        return;
      }
      applyServerError(setError, error, (msg) => (msg.startsWith('Unknown language') ? 'language' : null), {
        fallback: (e) => describeError(e, t),
      });
    }
  });

  return (
    <>
      {guard.dialog}
      <Dialog opened={opened} onClose={onClose} title={t('edit.title')} size="xl">
        <form onSubmit={submit} noValidate>
          <Stack>
            {unsupported && (
              <Alert color="orange" role="alert" title={t('edit.unsupportedTitle')}>
                {t('edit.unsupported')}
              </Alert>
            )}
            {clash.length > 0 && (
              <Alert ref={clashRef} color="orange" role="alert" title={t('edit.conflictTitle')}>
                <Stack gap={4}>
                  {clash.map((c) => (
                    <Text key={c.field} size="sm">
                      {t('edit.conflictField', { field: t(`fields.${c.field}`), value: c.theirs || '—' })}
                    </Text>
                  ))}
                  <Text size="sm">{t('edit.conflictHint')}</Text>
                </Stack>
              </Alert>
            )}
            {formState.errors.root?.server?.message && (
              <Alert color="red" role="alert" title={t('edit.failed')}>
                {formState.errors.root.server.message}
              </Alert>
            )}
            <PatientFields form={form} autoFocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('edit.cancel')}
              </Button>
              <Button type="submit" loading={formState.isSubmitting} disabled={unsupported}>
                {t('edit.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </>
  );
}
