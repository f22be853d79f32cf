import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerQuery, isMissingOperation, updateCustomerMutation } from '#api/system.ts';
import { FormDialog, type FormDialogSubmit } from '#components/form-dialog.tsx';
import { PatientFields, type PatientFieldValues } from '#components/new-patient/patient-fields.tsx';
import type { Patient } from '#contract/system.ts';
import { changedFields, conflicts, editPatientSchema, toPatientFields } from '../edit-patient.ts';

export interface EditPatientDialogProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

type Clash = { field: keyof PatientFieldValues; theirs: string }[];

/**
 * A patient's data (address, phone, mobile, mail, language, and the identifying fields): read, merge, write. Only
 * the fields the person changed are sent (updateCustomer changes only those); a field somebody else changed
 * meanwhile is shown and nothing is written: the form starts from the record read again, keeping what the person
 * typed, and a second Save writes it. A practice server without updateCustomer: the data stays read-only, and the
 * dialog says why.
 */
export function EditPatientDialog({ patient, opened, onClose }: EditPatientDialogProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const update = useMutation(updateCustomerMutation());
  // What the form started from (the record when it opened, or as read again at a conflict): what "changed" means.
  const base = useRef<PatientFieldValues>(toPatientFields(patient));
  const [clash, setClash] = useState<Clash>([]);
  const [unsupported, setUnsupported] = useState(false);
  // The notice is at the top of a form that, on a phone, is scrolled to its Save button: brought into view.
  const clashRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (clash.length > 0) clashRef.current?.scrollIntoView?.({ block: 'start' });
  }, [clash]);

  // The form starts from the record when the dialog opens, and only then (the kit resets it then): the record is
  // read again before saving (and refreshed in the background), and what the person typed must survive that.
  const start = toPatientFields(patient);
  const latest = useRef(start);
  latest.current = start;
  useEffect(() => {
    if (!opened) return;
    base.current = latest.current;
    setClash([]);
  }, [opened]);

  const submit = async (
    values: PatientFieldValues,
    _form: unknown,
    outcome: FormDialogSubmit<PatientFieldValues>,
  ) => {
    setClash([]);
    const change = changedFields(base.current, values);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    try {
      const fresh = toPatientFields(
        await queryClient.fetchQuery({ ...customerQuery(patient.patid), staleTime: 0 }),
      );
      const found = conflicts(base.current, fresh, change);
      if (found.length > 0) {
        setClash(found);
        base.current = fresh;
        outcome.rebase(fresh);
        return;
      }
      await update.mutateAsync({ patid: patient.patid, ...change });
    } catch (error) {
      if (!isMissingOperation(error)) throw error;
      setUnsupported(true);
      outcome.notSaved();
      return;
    }
    notifications.show({
      color: 'green',
      closeButtonProps: { 'aria-label': t('close') },
      message: t('edit.saved'),
    });
    onClose();
  };

  return (
    <FormDialog<PatientFieldValues>
      opened={opened}
      onClose={onClose}
      title={t('edit.title')}
      size="xl"
      schema={editPatientSchema}
      defaultValues={start}
      onSubmit={submit}
      fieldOf={(msg) => (msg.startsWith('Unknown language') ? 'language' : null)}
      errorTitle={t('edit.failed')}
      submitLabel={t('edit.save')}
      cancelLabel={t('edit.cancel')}
      submitProps={{ disabled: unsupported }}
    >
      {(form) => (
        <>
          {unsupported && (
            <Alert color="orange" role="alert" title={t('edit.unsupportedTitle')}>
              {t('edit.unsupported')}
            </Alert>
          )}
          {clash.length > 0 && (
            <Alert
              ref={clashRef}
              color="orange"
              role="alert"
              title={t('edit.conflictTitle')}
              // Brought into view below the dialog's sticky title, not under it.
              style={{ scrollMarginTop: 72 }}
            >
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
          <PatientFields form={form} autoFocus />
        </>
      )}
    </FormDialog>
  );
}
