import { Alert, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { missedAppointmentsQuery } from '#api/agenda.ts';
import { customerQuery } from '#api/system.ts';
import { NewPatientDialog } from '#components/new-patient/new-patient-dialog.tsx';
import { PatientSearchBox, patientFacts, patientName } from '#components/patient-search.tsx';
import { usePracticeToday } from '#components/practice-clock.ts';
import { describeError, LoadingState } from '#components/states.tsx';

export interface PatientStepProps {
  patid: number | null;
  onChoose: (patid: number | null) => void;
}

/**
 * The patient: the search (deleted patients are shown but cannot be chosen), or a new patient through the app's one
 * new-patient dialog, which shows the same person first if the practice has them already; once chosen, their name
 * with "choose another".
 */
export function PatientStep({ patid, onChoose }: PatientStepProps) {
  const { t } = useTranslation('booking');
  const [creating, setCreating] = useState(false);
  // A patient from the address (the patient page's "Book appointment", Ctrl+K) is read first: a deleted one is not
  // taken, and the person is told why the search is there instead.
  const record = useQuery({ ...customerQuery(patid ?? 0), enabled: patid !== null });
  const refused = patid !== null && record.data?.deleted === '1' ? record.data : null;
  return (
    <>
      {/* Mounted while the step is there, so that a closed dialog keeps what was typed. */}
      <NewPatientDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => onChoose(id)}
        onUse={(p) => onChoose(p.patid)}
      />
      {patid !== null && !refused ? (
        <ChosenPatient patid={patid} onChange={() => onChoose(null)} />
      ) : (
        <Stack gap="xs">
          {refused && (
            <Alert color="red" role="alert" p="xs" data-testid="patient-refused">
              {t('patient.deletedNamed', { patient: `${patientName(refused)} (#${refused.patid})` })}
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Box style={{ flex: 1 }} miw={240}>
              <PatientSearchBox
                excludeDeleted
                label={t('patient.searchLabel')}
                placeholder={t('patient.searchHint')}
                onPick={(p) => onChoose(p.patid)}
              />
            </Box>
            <Button
              variant="default"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              {t('patient.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}

function ChosenPatient({ patid, onChange }: { patid: number; onChange: () => void }) {
  const { t } = useTranslation('booking');
  const query = useQuery(customerQuery(patid));
  return (
    <Card withBorder padding="xs">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            {t('patient.chosen')}
          </Text>
          {query.isPending ? (
            <LoadingState />
          ) : query.isError ? (
            <Text c="red.8">{t('patient.loadFailed', { msg: describeError(query.error, t) })}</Text>
          ) : (
            <Text data-testid="chosen-patient">
              {patientName(query.data)} · {patientFacts(query.data).join(' · ')}
            </Text>
          )}
          <MissedAppointments patid={patid} />
        </Stack>
        <Button variant="default" onClick={onChange}>
          {t('patient.change')}
        </Button>
      </Group>
    </Card>
  );
}

/**
 * How many appointments the patient missed (state -2) in the last two years, when any: the desk may ask for a
 * confirmation call or a deposit. Nothing while it loads or when it cannot be read (booking goes on without it).
 */
function MissedAppointments({ patid }: { patid: number }) {
  const { t } = useTranslation('booking');
  const today = usePracticeToday();
  const missed = useQuery(missedAppointmentsQuery(patid, today));
  if (!missed.data) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="missed-appointments">
      <IconAlertTriangle size={16} color="var(--mantine-color-orange-filled)" aria-hidden />
      {/* The text in the text colour (orange text is too faint on white); the icon carries the warning. */}
      <Text size="sm" fw={600}>
        {t('patient.missed', { count: missed.data })}
      </Text>
    </Group>
  );
}
