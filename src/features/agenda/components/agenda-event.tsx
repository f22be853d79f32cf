import { Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties, PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { customerQuery } from '#api/system.ts';
import { appointmentStateName } from '#components/codes.ts';
import { formatDate } from '#components/format.ts';
import { patientName } from '#components/patient-criteria.ts';
import { useSeen } from '#components/person-name.tsx';
import { MIN_EVENT_PX, PX_PER_MIN } from '../grid-geometry.ts';
import {
  backgroundOf,
  dayOf,
  hhmm,
  isCancelledState,
  type PlacedItem,
  type StateLook,
  shortPatientName,
  stateLook,
  textColorOn,
} from '../model.ts';
import classes from './agenda.module.css';
import { StateMarker } from './state-marker.tsx';

export interface AgendaEventProps {
  placed: PlacedItem;
  top: number;
  dragging: boolean;
  interacting: boolean;
  onPointerDown: (e: ReactPointerEvent<HTMLDivElement>) => void;
  onOpen: () => void;
}

/** Up to this height a block has one line: `14:20 Moser D. · Kontrolle` (15 to 20 minutes). */
const ONE_LINE_PX = 20 * PX_PER_MIN + 1;

/** The patient's short name for the block, fetched when the block comes on screen; null while unknown. */
function usePatientLabel(patid: number) {
  const { t } = useTranslation('agenda');
  const { ref, seen } = useSeen<HTMLSpanElement>();
  const query = useQuery({ ...customerQuery(patid), enabled: patid > 0 && seen });

  const short =
    patid <= 0
      ? null
      : query.data
        ? shortPatientName(query.data)
        : query.isError
          ? t('event.patientNumber', { patid })
          : '…';
  return { ref, short };
}

export function AgendaEvent({ placed, top, dragging, interacting, onPointerDown, onOpen }: AgendaEventProps) {
  const { t } = useTranslation('agenda');
  const { appt } = placed;
  const look: StateLook = stateLook(appt.state);
  const gone = isCancelledState(appt.state);
  const { ref, short } = usePatientLabel(appt.patid);
  const time = `${hhmm(placed.start)}–${hhmm(placed.end)}`;
  const state = appointmentStateName(appt.state);
  const text = appt.appointment || (appt.patid > 0 ? '' : t('event.noText'));
  // Read after the visible text: the button's name is its content (what a voice user says is what they see).
  const after = [state, appt.comment ? t('event.comment', { comment: appt.comment }) : '']
    .filter(Boolean)
    .join(', ');
  const width = 100 / placed.lanes;
  const height = Math.max(MIN_EVENT_PX, (placed.end - placed.start) * PX_PER_MIN);
  const style = {
    top,
    height,
    left: `calc(${placed.lane * width}% + 1px)`,
    width: `calc(${width}% - 3px)`,
    '--event-color': backgroundOf(appt.color),
    '--event-text': textColorOn(appt.color),
  } as CSSProperties;
  const startsToday = dayOf(appt.date) === dayOf(appt.end) || placed.start > 0;
  const oneLine = height <= ONE_LINE_PX;

  return (
    <div
      className={`${classes.event} ${dragging ? classes.eventDragging : ''}`}
      style={style}
      onPointerDown={onPointerDown}
      data-appointment-id={appt.id}
      data-state={look}
      data-one-line={oneLine || undefined}
      // A block shows what fits and cuts the rest on purpose: the whole is in its tooltip and accessible name.
      data-truncates
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
          <span className={classes.eventHead}>
            <StateMarker look={look} className={classes.eventMarker} />
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
            {short !== null && (
              <span ref={ref} className={classes.eventName} data-patid={appt.patid} data-testid="event-name">
                {short}
              </span>
            )}
            {oneLine && short !== null && text && (
              <span className={classes.eventSep} aria-hidden>
                {' · '}
              </span>
            )}
            {short !== null && text && <VisuallyHidden component="span">,</VisuallyHidden>}
            {oneLine && text && (
              <>
                {' '}
                <span className={gone ? classes.cancelled : undefined}>{text}</span>
              </>
            )}
          </span>
          {!oneLine && text && (
            <>
              {' '}
              <span className={`${classes.eventTextBlock} ${gone ? classes.cancelled : ''}`}>{text}</span>
            </>
          )}
          {after && <VisuallyHidden component="span">{`, ${after}`}</VisuallyHidden>}
        </button>
      </Tooltip>
      <div className={classes.resizeHandle} data-resize="true" aria-hidden />
    </div>
  );
}

/** What hover and focus show: patient, text, time, state, comment. */
function AppointmentDetails({ placed }: { placed: PlacedItem }) {
  const { t } = useTranslation('agenda');
  const { appt } = placed;
  const patient = useQuery(customerQuery(appt.patid));
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
        {appt.patid > 0 ? patientText : appt.appointment || t('event.noText')}
      </Text>
      {appt.patid > 0 && <Text size="sm">{appt.appointment || t('event.noText')}</Text>}
      <Text size="xs">
        {formatDate(dayOf(appt.date))} {hhmm(placed.start)}–{hhmm(placed.end)} · {appt.calendar}
      </Text>
      <Text size="xs">{t('event.state', { state: appointmentStateName(appt.state) })}</Text>
      {appt.comment && <Text size="xs">{t('event.comment', { comment: appt.comment })}</Text>}
    </Stack>
  );
}
