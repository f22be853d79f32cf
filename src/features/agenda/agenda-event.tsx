import { Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties, PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentStateName } from '../../components/codes.ts';
import { formatDate } from '../../components/format.ts';
import { patientName } from '../../components/patient-criteria.ts';
import { PatientName } from '../../components/person-name.tsx';
import classes from './agenda.module.css';
import { MIN_EVENT_PX, PX_PER_MIN } from './grid-geometry.ts';
import { backgroundOf, dayOf, hhmm, isCancelledState, type PlacedItem, textColorOn } from './model.ts';
import { patientQuery } from './queries.ts';

export interface AgendaEventProps {
  placed: PlacedItem;
  top: number;
  dragging: boolean;
  interacting: boolean;
  onPointerDown: (e: ReactPointerEvent<HTMLDivElement>) => void;
  onOpen: () => void;
}

export function AgendaEvent({ placed, top, dragging, interacting, onPointerDown, onOpen }: AgendaEventProps) {
  const { t } = useTranslation('agenda');
  const { appt } = placed;
  const background = backgroundOf(appt.color);
  const time = `${hhmm(placed.start)}–${hhmm(placed.end)}`;
  const state = appointmentStateName(appt.state);
  // Read after the visible text: the button's name is its content (what a voice user says is what they see).
  const after = [state, appt.comment ? t('event.comment', { comment: appt.comment }) : '']
    .filter(Boolean)
    .join(', ');
  const width = 100 / placed.lanes;
  const style: CSSProperties = {
    top,
    height: Math.max(MIN_EVENT_PX, (placed.end - placed.start) * PX_PER_MIN),
    left: `calc(${placed.lane * width}% + 1px)`,
    width: `calc(${width}% - 3px)`,
    background,
    color: textColorOn(appt.color),
  };
  const startsToday = dayOf(appt.date) === dayOf(appt.end) || placed.start > 0;

  return (
    <div
      className={`${classes.event} ${dragging ? classes.eventDragging : ''}`}
      style={style}
      onPointerDown={onPointerDown}
      data-appointment-id={appt.id}
    >
      <Tooltip
        label={<AppointmentDetails placed={placed} />}
        events={{ hover: true, focus: true, touch: false }}
        openDelay={250}
        multiline
        w={280}
        withinPortal
        disabled={interacting}
        position="right-start"
      >
        <button type="button" className={classes.eventButton} onClick={onOpen}>
          {startsToday ? (
            <>
              <span className={classes.eventTime}>{hhmm(placed.start)}</span>
              <VisuallyHidden component="span">{`–${hhmm(placed.end)},`}</VisuallyHidden>{' '}
            </>
          ) : (
            <>
              <span className={classes.eventTime}>…</span>
              <VisuallyHidden component="span">{`${time},`}</VisuallyHidden>{' '}
            </>
          )}
          <span className={isCancelledState(appt.state) ? classes.cancelled : undefined}>
            {appt.appointment || t('event.noText')}
          </span>
          {appt.patid > 0 && (
            <>
              <VisuallyHidden component="span">,</VisuallyHidden>{' '}
              <span className={classes.eventPatient}>
                <PatientName patid={appt.patid} />
              </span>
            </>
          )}
          {after && <VisuallyHidden component="span">{`, ${after}`}</VisuallyHidden>}
        </button>
      </Tooltip>
      <div className={classes.resizeHandle} data-resize="true" aria-hidden />
    </div>
  );
}

/** What hover and focus show: text, patient, state, comment. */
function AppointmentDetails({ placed }: { placed: PlacedItem }) {
  const { t } = useTranslation('agenda');
  const { appt } = placed;
  const patient = useQuery(patientQuery(appt.patid));
  const patientText =
    appt.patid === 0
      ? t('event.noPatient')
      : patient.data
        ? patientName(patient.data)
        : patient.isError
          ? t('event.patientNumber', { patid: appt.patid })
          : t('event.patientLoading');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700}>
        {appt.appointment || t('event.noText')}
      </Text>
      <Text size="xs">
        {formatDate(dayOf(appt.date))} {hhmm(placed.start)}–{hhmm(placed.end)} · {appt.calendar}
      </Text>
      <Text size="xs">{t('event.patient', { name: patientText })}</Text>
      <Text size="xs">{t('event.state', { state: appointmentStateName(appt.state) })}</Text>
      {appt.comment && <Text size="xs">{t('event.comment', { comment: appt.comment })}</Text>}
    </Stack>
  );
}
