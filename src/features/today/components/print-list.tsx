import { useTranslation } from 'react-i18next';
import type { DayAppointment } from '#api/agenda.ts';
import { appointmentStateName } from '#components/codes.ts';
import { hasPatient, isMissedState } from '#components/day-sections.ts';
import { formatDate } from '#components/format.ts';
import classes from '../today.module.css';
import { usePatient } from './patient.tsx';

export interface PrintListProps {
  day: string;
  /** The day's appointments in time order, blocks without a patient among them. */
  appointments: readonly DayAppointment[];
  /** The calendars printed, by name (all of the day's when none was chosen). */
  calendars: readonly string[];
  printedAt: string;
}

/**
 * The paper list at the desk: every appointment of the day in time order, whatever section the screen shows; shown
 * only when printing (today.module.css). Names, birth dates, times, texts, practitioner, state.
 */
export function PrintList({ day, appointments, calendars, printedAt }: PrintListProps) {
  const { t } = useTranslation('today');
  return (
    <section className={classes.printOnly}>
      <h2 style={{ fontSize: '13pt', margin: '0 0 2pt' }}>{t('printTitle', { date: formatDate(day) })}</h2>
      <p style={{ margin: '0 0 6pt' }}>
        {t('printCalendars', { names: calendars.join(', ') })} · {t('printed', { time: printedAt })}
      </p>
      <table className={classes.printTable}>
        <colgroup>
          <col style={{ width: '13%' }} />
          <col style={{ width: '29%' }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '25%' }} />
          <col style={{ width: '16%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>{t('column.time')}</th>
            <th>{t('column.patient')}</th>
            <th>{t('column.practitioner')}</th>
            <th>{t('column.text')}</th>
            <th>{t('column.state')}</th>
          </tr>
        </thead>
        <tbody>
          {appointments.map((appt) => (
            <PrintRow key={appt.id} appt={appt} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PrintRow({ appt }: { appt: DayAppointment }) {
  const { t } = useTranslation('today');
  const patient = usePatient(appt.patid);
  return (
    <tr className={isMissedState(appt.state) ? classes.printMissed : undefined}>
      <td className={classes.printTime}>
        {appt.date.slice(11, 16)}–{appt.end.slice(11, 16)}
      </td>
      <td>
        <span className={classes.printName}>
          {patient.name ?? t('row.patientNumber', { patid: appt.patid })}
        </span>
        {patient.dob && (
          <>
            <br />
            {t('row.born', { date: formatDate(patient.dob) })}
          </>
        )}
      </td>
      <td>{appt.calendar}</td>
      <td>
        {appt.appointment || t('row.noText')}
        {appt.comment && (
          <>
            <br />
            {appt.comment}
          </>
        )}
      </td>
      {/* A block without a patient has no visit to mark. */}
      <td>{hasPatient(appt) ? appointmentStateName(appt.state) : ''}</td>
    </tr>
  );
}
