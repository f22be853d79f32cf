import { ActionIcon, Badge, Text } from '@mantine/core';
import {
  type Icon,
  IconArmchair,
  IconBan,
  IconCalendarEvent,
  IconCircleCheck,
  IconClock,
  IconDoorEnter,
  IconUserX,
} from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appointmentStateName } from '#components/codes.ts';
import { actionForKey, agendaHref, hoursAndMinutes, type StateAction, type TodayRow } from '../model.ts';
import classes from '../today.module.css';
import { PatientLine, usePatient } from './patient.tsx';
import { StateActions } from './state-actions.tsx';

const stateLooks: Record<string, { icon: Icon; color: string }> = {
  '1': { icon: IconDoorEnter, color: 'teal' },
  W: { icon: IconArmchair, color: 'teal' },
  '2': { icon: IconCircleCheck, color: 'gray' },
  '-1': { icon: IconBan, color: 'gray' },
  '-2': { icon: IconUserX, color: 'gray' },
};

/** `12 min`, `1 h 05 min` in the UI language. */
export function useDuration() {
  const { t } = useTranslation('today');
  return (minutes: number) => {
    const { h, m } = hoursAndMinutes(minutes);
    return h === 0
      ? t('duration.minutes', { count: m })
      : t('duration.hours', { h, m: String(m).padStart(2, '0') });
  };
}

export interface DayRowProps {
  row: TodayRow;
  /** A write of this appointment is under way. */
  busy: boolean;
  onSet: (row: TodayRow, action: StateAction, patient: string) => void;
}

/** Moves the focus to the row before or after this one, across sections. */
function focusSibling(from: HTMLElement, step: -1 | 1): void {
  const rows = [...document.querySelectorAll<HTMLElement>('[data-today-row]')];
  const next = rows[rows.indexOf(from) + step];
  next?.focus();
}

/** One appointment: time, patient, text and practitioner, state (and how long), the five states, the agenda. */
export function DayRow({ row, busy, onSet }: DayRowProps) {
  const { t } = useTranslation('today');
  const duration = useDuration();
  const { appt } = row;
  const patient = usePatient(appt.patid);
  const patientText = patient.name ?? t('row.patientNumber', { patid: appt.patid });
  const start = appt.date.slice(11, 16);
  const end = appt.end.slice(11, 16);
  const look = stateLooks[appt.state] ?? { icon: IconClock, color: 'blue' };
  const StateIcon = look.icon;

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusSibling(e.currentTarget, e.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    const action = actionForKey(e.key);
    if (!action) return;
    e.preventDefault();
    // A key during a write is not dropped: the writes run one after the other (set-state.ts).
    if (action.state !== appt.state) onSet(row, action, patientText);
  };

  return (
    // The row takes its keys (1-5, ↑ ↓) while the focus is in it; ↑ ↓ focus the row itself (tabIndex -1).
    <li
      className={classes.row}
      data-section={row.section}
      data-appointment-id={appt.id}
      data-today-row
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className={classes.time}>
        {start}
        <span className={classes.timeEnd}>–{end}</span>
      </div>

      <div className={`${classes.main} ${classes.struck}`}>
        <PatientLine patid={appt.patid} patient={patient} />
        <Text size="sm" component="div">
          {appt.appointment || t('row.noText')}
          <Text component="span" size="sm" c="dimmed">
            {' · '}
            {appt.calendar}
            {appt.comment && ` · ${appt.comment}`}
          </Text>
        </Text>
      </div>

      <div className={classes.state}>
        <Badge
          color={look.color}
          variant="light"
          leftSection={<StateIcon size={12} aria-hidden />}
          style={{ textTransform: 'none' }}
        >
          {appointmentStateName(appt.state)}
        </Badge>
        {row.since && (
          <Text size="xs" c="dimmed">
            {t(row.since.local ? 'sinceLocal' : 'since', { duration: duration(row.since.minutes) })}
          </Text>
        )}
        {row.lateBy !== null && (
          <Text size="xs" className={classes.lateText}>
            {t('late', { duration: duration(row.lateBy) })}
          </Text>
        )}
      </div>

      <div className={classes.actions}>
        <StateActions
          state={appt.state}
          label={t('row.actions', { time: start, patient: patientText })}
          busy={busy}
          onSet={(action) => onSet(row, action, patientText)}
          className={classes.toolbar}
        />
        <ActionIcon
          component={Link}
          to={agendaHref(appt)}
          variant="subtle"
          size="md"
          aria-label={t('row.inAgenda')}
          title={t('row.inAgenda')}
        >
          <IconCalendarEvent size={18} aria-hidden />
        </ActionIcon>
      </div>
    </li>
  );
}
