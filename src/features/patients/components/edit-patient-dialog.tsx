import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  customerQuery,
  isMissingOperation,
  patientChangedMeanwhile,
  updateCustomerMutation,
} from '#api/system.ts';
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
 * typed; a second Save writes it over the colleague's (knowingly), or "take over theirs" puts theirs in the form.
 * With versions (docs/api.md#versions) the write carries `ifVersion` and the service refuses (409) a write
 * over a change made meanwhile, also one made between the re-read and the write; without, the record is read
 * again and compared before writing. A practice server without updateCustomer: the data stays read-only, and the
 * dialog says why.
 */
export function EditPatientDialog({ patient, opened, onClose }: EditPatientDialogProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const update = useMutation(updateCustomerMutation());
  // What the form started from (the record when it opened, or as read again at a conflict): what "changed" means.
  const base = useRef<PatientFieldValues>(toPatientFields(patient));
  // The version of that record (docs/api.md#versions), sent as `ifVersion`; undefined on a tenant without.
  const baseVersion = useRef<number | undefined>(patient.version);
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
  const latest = useRef({ start, version: patient.version });
  latest.current = { start, version: patient.version };
  useEffect(() => {
    if (!opened) return;
    base.current = latest.current.start;
    baseVersion.current = latest.current.version;
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
      let written = false;
      if (baseVersion.current !== undefined) {
        // With versions: write over the record the form started from; a 409 changed nothing and is asked about.
        try {
          await update.mutateAsync({ patid: patient.patid, ...change, ifVersion: baseVersion.current });
          written = true;
        } catch (error) {
          if (!patientChangedMeanwhile(error)) throw error;
        }
      }
      if (!written) {
        // Read again and compare (a tenant without versions does only this, before writing).
        const record = await queryClient.fetchQuery({ ...customerQuery(patient.patid), staleTime: 0 });
        const fresh = toPatientFields(record);
        const found = conflicts(base.current, fresh, change);
        base.current = fresh;
        baseVersion.current = record.version;
        if (found.length > 0) {
          setClash(found);
          outcome.rebase(fresh);
          return;
        }
        // Nobody else changed these fields: writing them over the record as it is now loses nothing.
        await update.mutateAsync({ patid: patient.patid, ...change, ifVersion: record.version });
      }
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
                <Group gap="xs">
                  <Button
                    variant="default"
                    onClick={() => {
                      // The colleague's values for the fields in conflict; the person's other changes stay.
                      for (const c of clash) form.setValue(c.field, c.theirs, { shouldDirty: true });
                      setClash([]);
                    }}
                  >
                    {t('edit.conflictTakeTheirs')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <PatientFields form={form} autoFocus />
        </>
      )}
    </FormDialog>
  );
}
