import { type QueryClient, useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { customerQuery } from '#api/system.ts';
import { appointmentStateName } from '#components/codes.ts';
import { formatDate } from '#components/format.ts';
import type { Calendar } from '#contract/agenda.ts';
import { type AgendaItem, hhmm, isCancelledState, itemMinutes, stateLook } from '../model.ts';
import classes from './agenda.module.css';
import { StateMarker } from './state-marker.tsx';

/** Prints the day once every patient name of it is loaded (the print dialog shows what is there at that moment). */
export async function printDay(queryClient: QueryClient, day: string, items: readonly AgendaItem[]) {
  const patids = new Set(items.filter((i) => i.appt.date.slice(0, 10) === day).map((i) => i.appt.patid));
  await Promise.allSettled(
    [...patids].filter((p) => p > 0).map((p) => queryClient.ensureQueryData(customerQuery(p))),
  );
  // One frame, so that the list shows the names before the browser takes its picture of the page.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  window.print();
}

interface PrintDayProps {
  day: string;
  /** The day as the page's heading says it. */
  heading: string;
  calendars: readonly Calendar[];
  items: readonly AgendaItem[];
}

/**
 * The day on paper, one list per practitioner (calendar): times, patients, texts, state and comment. Hidden on
 * screen; printing shows only this (agenda.module.css, `@media print`), outside the app's frame, so that neither
 * navigation nor header reach the page. A4 portrait.
 */
export function PrintDay({ day, heading, calendars, items }: PrintDayProps) {
  const { t } = useTranslation('agenda');
  const onDay = items.filter(({ appt }) => appt.date.slice(0, 10) === day);
  const patids = [...new Set(onDay.map((i) => i.appt.patid).filter((p) => p > 0))];
  // The names come from the blocks' cache as they load; the others a moment after the day is shown (or when printing
  // starts), so that a day of four calendars does not ask for every patient before the agenda shows its own.
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const onBeforePrint = () => setPrinting(true);
    window.addEventListener('beforeprint', onBeforePrint);
    const later = window.setTimeout(onBeforePrint, 2000);
    return () => {
      window.removeEventListener('beforeprint', onBeforePrint);
      window.clearTimeout(later);
    };
  }, []);
  const patients = useQueries({
    queries: patids.map((p) => ({ ...customerQuery(p), enabled: printing && p > 0 })),
  });
  const patientText = (patid: number) => {
    if (patid <= 0) return '';
    const p = patients[patids.indexOf(patid)]?.data;
    if (!p) return t('event.patientNumber', { patid });
    const name = [p.lastname, p.firstname].filter(Boolean).join(', ');
    return p.dob ? `${name} (${formatDate(p.dob)})` : name;
  };

  return createPortal(
    <div className={classes.print} data-testid="agenda-print">
      {calendars.map((c) => {
        const rows = onDay
          .filter((i) => i.calendarid === c.calendarid)
          .map((i) => ({ ...i, ...itemMinutes(i.appt, day) }))
          .sort((a, b) => a.start - b.start || a.appt.id - b.appt.id);
        return (
          <section key={c.calendarid} className={classes.printSection}>
            <h2 className={classes.printHeading}>
              {c.name} · {heading}
            </h2>
            {rows.length === 0 ? (
              <p>{t('print.empty')}</p>
            ) : (
              <table className={classes.printTable}>
                <thead>
                  <tr>
                    <th scope="col">{t('print.time')}</th>
                    <th scope="col">{t('print.patient')}</th>
                    <th scope="col">{t('print.text')}</th>
                    <th scope="col">{t('print.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr
                      key={r.appt.id}
                      className={isCancelledState(r.appt.state) ? classes.printGone : undefined}
                    >
                      <td className={classes.printTime}>
                        {hhmm(r.start)}–{hhmm(r.end)}
                      </td>
                      <td className={classes.printPatient}>{patientText(r.appt.patid)}</td>
                      <td>
                        {r.appt.appointment}
                        {r.appt.comment && <div className={classes.printComment}>{r.appt.comment}</div>}
                      </td>
                      <td>
                        <StateMarker look={stateLook(r.appt.state)} className={classes.eventMarker} />{' '}
                        {r.appt.state === '' || r.appt.state === 'P'
                          ? ''
                          : appointmentStateName(r.appt.state)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>,
    document.body,
  );
}
