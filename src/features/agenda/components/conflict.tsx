import { Alert, Button, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerQuery } from '#api/system.ts';
import { appointmentStateName } from '#components/codes.ts';
import { Dialog } from '#components/dialog.tsx';
import { formatDateTime } from '#components/format.ts';
import { patientName } from '#components/patient-criteria.ts';
import type { Calendar } from '#contract/agenda.ts';
import { type AppointmentRecord, changedFields, type RecordField } from '../model.ts';

function PatientValue({ patid }: { patid: number }) {
  const { t } = useTranslation('agenda');
  const patient = useQuery(customerQuery(patid));
  if (patid === 0) return <>{t('dialog.noPatient')}</>;
  return <>{patient.data ? patientName(patient.data) : t('dialog.patientNumber', { patid })}</>;
}

/** A field's value as a person reads it. */
function FieldValue({
  field,
  record,
  calendars,
}: {
  field: RecordField;
  record: AppointmentRecord;
  calendars: readonly Calendar[];
}) {
  const { t } = useTranslation('agenda');
  switch (field) {
    case 'calendarid':
      return (
        <>
          {calendars.find((c) => c.calendarid === record.calendarid)?.name ??
            t('fallback.unnamed', { id: record.calendarid })}
        </>
      );
    case 'date':
    case 'end':
      return <>{formatDateTime(record[field].slice(0, 16))}</>;
    case 'patid':
      return <PatientValue patid={record.patid} />;
    case 'state':
      return <>{appointmentStateName(record.state)}</>;
    default:
      return <>{record[field] === '' ? '—' : record[field]}</>;
  }
}

export interface ChangeTableProps {
  loaded: AppointmentRecord;
  current: AppointmentRecord;
  /** The user's version, when there is one to compare. */
  mine?: AppointmentRecord;
  calendars: readonly Calendar[];
}

/** The fields that differ: as loaded, as the service has them now, and (when given) as the user has them. */
export function ChangeTable({ loaded, current, mine, calendars }: ChangeTableProps) {
  const { t } = useTranslation('agenda');
  const fields = changedFields(loaded, current);
  const mineChanged = mine ? changedFields(loaded, mine) : [];
  const rows = [...new Set([...fields, ...mineChanged])];
  return (
    <Table withTableBorder striped data-testid="conflict-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('conflict.field')}</Table.Th>
          <Table.Th scope="col">{t('conflict.loaded')}</Table.Th>
          <Table.Th scope="col">{t('conflict.current')}</Table.Th>
          {mine && <Table.Th scope="col">{t('conflict.mine')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((f) => (
          <Table.Tr key={f}>
            <Table.Th scope="row">{t(`field.${f}`)}</Table.Th>
            <Table.Td>
              <FieldValue field={f} record={loaded} calendars={calendars} />
            </Table.Td>
            <Table.Td fw={fields.includes(f) ? 700 : undefined}>
              <FieldValue field={f} record={current} calendars={calendars} />
            </Table.Td>
            {mine && (
              <Table.Td fw={mineChanged.includes(f) ? 700 : undefined}>
                <FieldValue field={f} record={mine} calendars={calendars} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export interface MoveConflictProps {
  opened: boolean;
  loaded: AppointmentRecord | null;
  /** null: the appointment is not where it was. */
  current: AppointmentRecord | null;
  /** The move the user made, in words. */
  target: string;
  calendars: readonly Calendar[];
  busy: boolean;
  onMoveAnyway: () => void;
  onClose: () => void;
}

/** A drag found the appointment changed on the service: say what changed, write nothing until the user chooses. */
export function MoveConflictDialog({
  opened,
  loaded,
  current,
  target,
  calendars,
  busy,
  onMoveAnyway,
  onClose,
}: MoveConflictProps) {
  const { t } = useTranslation('agenda');
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('conflict.moveTitle')}
      size="lg"
      closeLabel={t('dialog.close')}
    >
      <Stack>
        <Alert color="orange" variant="light" role="alert">
          {current ? t('conflict.moveText', { target }) : t('conflict.moveGone')}
        </Alert>
        {loaded && current && <ChangeTable loaded={loaded} current={current} calendars={calendars} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('conflict.cancelMove')}
          </Button>
          {current && (
            <Button onClick={onMoveAnyway} loading={busy}>
              {t('conflict.moveAnyway')}
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
