import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '#components/states.tsx';
import type { Calendar } from '#contract/agenda.ts';
import { type AgendaItem, type AppointmentRecord, mergeRecords, toRecord } from '../model.ts';
import { ChangeTable } from './conflict.tsx';

export interface ConflictState {
  purpose: 'save' | 'delete';
  current: AgendaItem | null;
  mine: AppointmentRecord;
}

interface ConflictPanelProps {
  conflict: ConflictState;
  loadedRecord: AppointmentRecord;
  calendars: readonly Calendar[];
  busy: boolean;
  error: unknown;
  onBack: () => void;
  onDelete: (record: AppointmentRecord) => void;
  onWrite: (record: AppointmentRecord) => void;
  onTakeTheirs: (current: AgendaItem) => void;
}

/** Somebody changed (or deleted) the appointment since it was loaded: theirs, mine, or both. */
export function ConflictPanel(props: ConflictPanelProps) {
  const { conflict, loadedRecord, calendars, busy, error, onBack, onDelete, onWrite, onTakeTheirs } = props;
  const { t } = useTranslation('agenda');
  return (
    <Stack>
      <Alert color="orange" title={t('conflict.title')} role="alert">
        {conflict.current ? t('conflict.text') : t('conflict.gone')}
      </Alert>
      {conflict.current && (
        <ChangeTable
          loaded={loadedRecord}
          current={toRecord(conflict.current.appt, conflict.current.calendarid)}
          mine={conflict.purpose === 'save' ? conflict.mine : undefined}
          calendars={calendars}
        />
      )}
      {error !== null && (
        <Alert color="red" role="alert">
          {t('dialog.failed', { msg: describeError(error, t) })}
        </Alert>
      )}
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" onClick={() => onBack()} disabled={busy}>
          {t('conflict.back')}
        </Button>
        {conflict.purpose === 'delete' ? (
          conflict.current && (
            <Button
              color="red"
              loading={busy}
              onClick={() => {
                const cur = conflict.current;
                if (cur) onDelete(toRecord(cur.appt, cur.calendarid));
              }}
            >
              {t('conflict.deleteAnyway')}
            </Button>
          )
        ) : conflict.current ? (
          <>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => {
                const cur = conflict.current;
                if (cur) onTakeTheirs(cur);
              }}
            >
              {t('conflict.takeTheirs')}
            </Button>
            <Button variant="default" loading={busy} onClick={() => onWrite(conflict.mine)}>
              {t('conflict.overwrite')}
            </Button>
            <Button
              loading={busy}
              onClick={() => {
                const cur = conflict.current;
                if (cur) {
                  onWrite(mergeRecords(loadedRecord, conflict.mine, toRecord(cur.appt, cur.calendarid)));
                }
              }}
            >
              {t('conflict.merge')}
            </Button>
          </>
        ) : (
          <Button loading={busy} onClick={() => onWrite(conflict.mine)}>
            {t('conflict.saveAnyway')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
