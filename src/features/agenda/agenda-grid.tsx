import { Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '../../../contract/agenda.ts';
import { formatDate, intlLocale } from '../../components/format.ts';
import { patientName } from '../../components/patient-search.tsx';
import { PatientName } from '../../components/person-name.tsx';
import classes from './agenda.module.css';
import {
  type AgendaItem,
  type AgendaView,
  BUSINESS_HOURS,
  backgroundOf,
  dayOf,
  durationMinutes,
  hhmm,
  isBusinessDay,
  isCancelledState,
  MINUTES_PER_DAY,
  type PlacedItem,
  placeItems,
  practiceDateTime,
  snap,
  stateLabelKey,
  textColorOn,
} from './model.ts';
import { patientQuery } from './queries.ts';

/** Pixels per minute: 15 minutes are 18 px. */
export const PX_PER_MIN = 1.2;
const MOVE_STEP = 5;
const SELECT_STEP = 15;
const DEFAULT_NEW_MINUTES = 30;
/** Pointer travel (px) before a press becomes a drag. */
const DRAG_THRESHOLD = 4;
const MIN_EVENT_PX = 14;

export interface CreateRange {
  calendarid: number;
  day: string;
  /** Minutes of the day. */
  start: number;
  end: number;
}

export interface MoveTarget {
  calendarid: number;
  /** Practice date-times `YYYY-MM-DD HH:MM:SS`. */
  date: string;
  end: string;
}

interface Column {
  key: string;
  day: string;
  calendar: Calendar;
}

type Interaction =
  | {
      kind: 'move';
      item: AgendaItem;
      fromKey: string;
      startX: number;
      startY: number;
      /** Minutes between the appointment's start and the point where it was grabbed. */
      grab: number;
      length: number;
      moved: boolean;
      colKey: string;
      start: number;
    }
  | {
      kind: 'resize';
      item: AgendaItem;
      colKey: string;
      startY: number;
      start: number;
      end: number;
      moved: boolean;
    }
  | { kind: 'select'; colKey: string; startY: number; anchor: number; current: number; moved: boolean };

export interface AgendaGridProps {
  view: AgendaView;
  days: readonly string[];
  calendars: readonly Calendar[];
  items: readonly AgendaItem[];
  /** Shown hours, minutes of the day. */
  hours: { from: number; to: number };
  today: string;
  /** Minutes of the day now (practice time). */
  now: number;
  onOpen: (item: AgendaItem) => void;
  onMove: (item: AgendaItem, target: MoveTarget) => void;
  onCreate: (range: CreateRange) => void;
}

const colKey = (day: string, calendarid: number) => `${day}|${calendarid}`;

/**
 * The agenda's time grid, made by hand: calendars side by side (per day in the week view), time running down.
 * Appointments open by click or Enter, move by dragging, resize by their lower edge; a free range is selected by
 * dragging over a column, a free slot by clicking it. Keyboard users create and change through the dialog.
 */
export function AgendaGrid(props: AgendaGridProps) {
  const { view, days, calendars, items, hours, today, now, onOpen } = props;
  const { t, i18n } = useTranslation('agenda');
  const scrollerRef = useRef<HTMLElement>(null);
  const columnRefs = useRef(new Map<string, HTMLDivElement>());
  const interactionRef = useRef<Interaction | null>(null);
  const [interaction, setInteraction] = useState<Interaction | null>(null);
  const suppressClickRef = useRef(false);
  const propsRef = useRef(props);
  propsRef.current = props;

  const columns: Column[] = days.flatMap((day) =>
    calendars.map((calendar) => ({ key: colKey(day, calendar.calendarid), day, calendar })),
  );
  const height = (hours.to - hours.from) * PX_PER_MIN;
  const hoursFromRef = useRef(hours.from);
  hoursFromRef.current = hours.from;

  // Open at the start of business hours (or now, later in the day) whenever the period changes.
  const firstDay = days[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the period changes, not on every tick of now
  useEffect(() => {
    const el = scrollerRef.current;
    if (!el || !firstDay) return;
    const target = days.includes(today) ? Math.max(BUSINESS_HOURS.from, now - 60) : BUSINESS_HOURS.from;
    el.scrollTop = Math.max(
      0,
      (Math.min(target, BUSINESS_HOURS.to) - hoursFromRef.current - 30) * PX_PER_MIN,
    );
  }, [firstDay, view]);

  const byCalendar = new Map<number, AgendaItem[]>();
  for (const item of items) {
    const list = byCalendar.get(item.calendarid) ?? [];
    list.push(item);
    byCalendar.set(item.calendarid, list);
  }

  // ----- pointer interactions --------------------------------------------------------------------------------
  // One controller for the grid's lifetime: window listeners must be removed with the very functions added.

  const [controller] = useState(() => {
    const minuteAt = (key: string, clientY: number): number => {
      const el = columnRefs.current.get(key);
      if (!el) return 0;
      const rect = el.getBoundingClientRect();
      return hoursFromRef.current + (clientY - rect.top) / PX_PER_MIN;
    };

    const columnAt = (clientX: number, fallback: string): string => {
      for (const [key, el] of columnRefs.current) {
        const rect = el.getBoundingClientRect();
        if (clientX >= rect.left && clientX < rect.right) return key;
      }
      return fallback;
    };

    const update = (next: Interaction | null) => {
      interactionRef.current = next;
      setInteraction(next);
    };

    const suppressClick = () => {
      suppressClickRef.current = true;
      setTimeout(() => {
        suppressClickRef.current = false;
      }, 0);
    };

    function onPointerMove(e: PointerEvent) {
      const cur = interactionRef.current;
      if (!cur) return;
      const travelled =
        cur.kind === 'move'
          ? Math.hypot(e.clientX - cur.startX, e.clientY - cur.startY)
          : Math.abs(e.clientY - cur.startY);
      const moved = cur.moved || travelled >= DRAG_THRESHOLD;
      if (!moved) return;
      if (cur.kind === 'move') {
        const key = columnAt(e.clientX, cur.colKey);
        const raw = minuteAt(key, e.clientY) - cur.grab;
        const latest = MINUTES_PER_DAY - Math.min(cur.length, 60);
        update({ ...cur, moved, colKey: key, start: Math.min(Math.max(0, snap(raw, MOVE_STEP)), latest) });
      } else if (cur.kind === 'resize') {
        const end = snap(minuteAt(cur.colKey, e.clientY), MOVE_STEP);
        update({ ...cur, moved, end: Math.max(cur.start + MOVE_STEP, Math.min(MINUTES_PER_DAY, end)) });
      } else {
        const current = Math.min(Math.max(0, minuteAt(cur.colKey, e.clientY)), MINUTES_PER_DAY);
        update({ ...cur, moved, current });
      }
    }

    function onPointerUp() {
      finish(true);
    }
    function onPointerCancel() {
      finish(false);
    }
    function onKeyDown(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.stopPropagation();
        finish(false);
      }
    }

    function finish(commit: boolean) {
      const cur = interactionRef.current;
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerCancel);
      window.removeEventListener('keydown', onKeyDown, true);
      update(null);
      if (!cur || !commit) return;
      const { onMove, onCreate } = propsRef.current;
      if (cur.kind === 'move') {
        if (!cur.moved) return;
        suppressClick();
        const [day, cal] = cur.colKey.split('|');
        const date = practiceDateTime(day, cur.start);
        const end = practiceDateTime(day, cur.start + cur.length);
        if (date !== cur.item.appt.date || Number(cal) !== cur.item.calendarid) {
          onMove(cur.item, { calendarid: Number(cal), date, end });
        }
      } else if (cur.kind === 'resize') {
        if (!cur.moved) return;
        suppressClick();
        const day = cur.colKey.split('|')[0];
        const end = practiceDateTime(day, cur.end);
        if (end !== cur.item.appt.end) {
          onMove(cur.item, { calendarid: cur.item.calendarid, date: cur.item.appt.date, end });
        }
      } else {
        const [day, cal] = cur.colKey.split('|');
        let start: number;
        let end: number;
        if (!cur.moved) {
          start = Math.floor(cur.anchor / SELECT_STEP) * SELECT_STEP;
          end = start + DEFAULT_NEW_MINUTES;
        } else {
          const a = Math.min(cur.anchor, cur.current);
          const b = Math.max(cur.anchor, cur.current);
          start = Math.floor(a / SELECT_STEP) * SELECT_STEP;
          end = Math.max(start + SELECT_STEP, Math.ceil(b / SELECT_STEP) * SELECT_STEP);
        }
        onCreate({ calendarid: Number(cal), day, start, end: Math.min(end, MINUTES_PER_DAY) });
      }
    }

    function begin(next: Interaction) {
      update(next);
      window.addEventListener('pointermove', onPointerMove);
      window.addEventListener('pointerup', onPointerUp);
      window.addEventListener('pointercancel', onPointerCancel);
      window.addEventListener('keydown', onKeyDown, true);
    }

    return { begin, finish, minuteAt };
  });

  // A drag still going on when the grid goes away must not leave listeners behind.
  useEffect(() => () => controller.finish(false), [controller]);

  const { begin, minuteAt } = controller;

  const onEventPointerDown = (e: ReactPointerEvent<HTMLDivElement>, placed: PlacedItem, key: string) => {
    if (e.button !== 0 || interactionRef.current) return;
    e.stopPropagation();
    const resize = (e.target as HTMLElement).dataset.resize === 'true';
    if (resize) {
      begin({
        kind: 'resize',
        item: placed,
        colKey: key,
        startY: e.clientY,
        start: placed.start,
        end: placed.end,
        moved: false,
      });
      return;
    }
    begin({
      kind: 'move',
      item: placed,
      fromKey: key,
      startX: e.clientX,
      startY: e.clientY,
      grab: minuteAt(key, e.clientY) - placed.start,
      length: durationMinutes(placed.appt.date, placed.appt.end),
      moved: false,
      colKey: key,
      start: placed.start,
    });
  };

  const onColumnPointerDown = (e: ReactPointerEvent<HTMLDivElement>, key: string) => {
    if (e.button !== 0 || interactionRef.current || e.target !== e.currentTarget) return;
    const minute = minuteAt(key, e.clientY);
    begin({ kind: 'select', colKey: key, startY: e.clientY, anchor: minute, current: minute, moved: false });
  };

  // ----- rendering -------------------------------------------------------------------------------------------

  const gridStyle = {
    '--agenda-cols': columns.length,
    '--agenda-col-min': view === 'day' ? '160px' : '76px',
    '--agenda-hour-px': `${60 * PX_PER_MIN}px`,
    '--agenda-header-offset': view === 'week' ? '34px' : '0px',
  } as CSSProperties;

  const hourMarks: number[] = [];
  for (let m = Math.ceil(hours.from / 60) * 60; m < hours.to; m += 60) hourMarks.push(m);
  const gridBackgroundOffset = `${((60 - (hours.from % 60)) % 60) * PX_PER_MIN}px`;
  const top = (minutes: number) => (minutes - hours.from) * PX_PER_MIN;

  const weekdayFormat = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage), {
    weekday: 'short',
    timeZone: 'UTC',
  });
  const dayLabel = (day: string) =>
    `${weekdayFormat.format(new Date(`${day}T12:00:00Z`))} ${formatDate(day)}`;

  return (
    <section
      ref={scrollerRef}
      className={classes.scroller}
      aria-label={t('grid.label')}
      // The region scrolls: reachable by keyboard so that its content can be scrolled too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
      tabIndex={0}
    >
      <div className={classes.grid} style={gridStyle}>
        {/* Header rows */}
        <div
          className={classes.corner}
          style={{ gridRow: view === 'week' ? 'span 2' : undefined }}
          aria-hidden
        />
        {view === 'week' &&
          days.map((day) => (
            <div
              key={`d-${day}`}
              className={`${classes.dayHeader} ${day === today ? classes.today : ''}`}
              style={{ gridColumn: `span ${Math.max(1, calendars.length)}` }}
              aria-current={day === today ? 'date' : undefined}
            >
              {dayLabel(day)}
              {day === today && <span>· {t('grid.today')}</span>}
            </div>
          ))}
        {columns.map((col) => (
          <div
            key={`h-${col.key}`}
            className={`${classes.calendarHeader} ${view === 'day' && col.day === today ? classes.today : ''}`}
            title={col.calendar.name}
          >
            <span
              className={classes.dot}
              style={{ background: backgroundOf(col.calendar.color) }}
              aria-hidden
            />
            <span>{col.calendar.name}</span>
          </div>
        ))}

        {/* Time gutter */}
        <div className={classes.gutter} style={{ height }} aria-hidden>
          {hourMarks.map((m) => (
            <span key={m} className={classes.hourLabel} style={{ top: top(m) }}>
              {hhmm(m)}
            </span>
          ))}
        </div>

        {/* Columns */}
        {columns.map((col) => {
          const placed = placeItems(byCalendar.get(col.calendar.calendarid) ?? [], col.day);
          const isToday = col.day === today;
          const business = isBusinessDay(col.day);
          const preview = previewFor(interaction, col.key);
          return (
            // biome-ignore lint/a11y/useSemanticElements: a column of the grid, not a set of form fields
            <div
              key={col.key}
              ref={(el) => {
                if (el) columnRefs.current.set(col.key, el);
                else columnRefs.current.delete(col.key);
              }}
              role="group"
              aria-label={t('grid.column', { calendar: col.calendar.name, day: dayLabel(col.day) })}
              className={`${classes.column} ${isToday ? classes.columnToday : ''}`}
              style={{ height, backgroundPositionY: gridBackgroundOffset }}
              data-column={col.key}
              data-from-minute={hours.from}
              onPointerDown={(e) => onColumnPointerDown(e, col.key)}
            >
              {business ? (
                <>
                  {hours.from < BUSINESS_HOURS.from && (
                    <div
                      className={classes.offHours}
                      style={{ top: 0, height: top(BUSINESS_HOURS.from) }}
                      aria-hidden
                    />
                  )}
                  {hours.to > BUSINESS_HOURS.to && (
                    <div
                      className={classes.offHours}
                      style={{ top: top(BUSINESS_HOURS.to), bottom: 0 }}
                      aria-hidden
                    />
                  )}
                </>
              ) : (
                <div className={classes.offHours} style={{ top: 0, bottom: 0 }} aria-hidden />
              )}
              {isToday && now >= hours.from && now <= hours.to && (
                <div
                  className={classes.nowLine}
                  style={{ top: top(now) }}
                  title={t('grid.now', { time: hhmm(now) })}
                  data-testid="now-line"
                  aria-hidden
                />
              )}
              {placed.map((p) => (
                <AgendaEvent
                  key={p.appt.id}
                  placed={p}
                  top={top(p.start)}
                  dragging={
                    interaction !== null &&
                    interaction.kind !== 'select' &&
                    interaction.moved &&
                    interaction.item.appt.id === p.appt.id
                  }
                  interacting={interaction !== null}
                  onPointerDown={(e) => onEventPointerDown(e, p, col.key)}
                  onOpen={() => {
                    if (suppressClickRef.current) return;
                    onOpen(p);
                  }}
                />
              ))}
              {preview && (
                <div
                  className={classes.preview}
                  style={{
                    top: top(preview.start),
                    height: Math.max(MIN_EVENT_PX, (preview.end - preview.start) * PX_PER_MIN),
                  }}
                  data-testid="drag-preview"
                  aria-hidden
                >
                  {hhmm(preview.start)}–{hhmm(preview.end)}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Where the dashed preview of a drag goes in this column, if anywhere. */
function previewFor(interaction: Interaction | null, key: string): { start: number; end: number } | null {
  if (!interaction?.moved || interaction.colKey !== key) return null;
  if (interaction.kind === 'move')
    return { start: interaction.start, end: interaction.start + interaction.length };
  if (interaction.kind === 'resize') return { start: interaction.start, end: interaction.end };
  const a = Math.min(interaction.anchor, interaction.current);
  const b = Math.max(interaction.anchor, interaction.current);
  const start = Math.floor(a / SELECT_STEP) * SELECT_STEP;
  return { start, end: Math.max(start + SELECT_STEP, Math.ceil(b / SELECT_STEP) * SELECT_STEP) };
}

interface AgendaEventProps {
  placed: PlacedItem;
  top: number;
  dragging: boolean;
  interacting: boolean;
  onPointerDown: (e: ReactPointerEvent<HTMLDivElement>) => void;
  onOpen: () => void;
}

function AgendaEvent({ placed, top, dragging, interacting, onPointerDown, onOpen }: AgendaEventProps) {
  const { t } = useTranslation('agenda');
  const { appt } = placed;
  const background = backgroundOf(appt.color);
  const time = `${hhmm(placed.start)}–${hhmm(placed.end)}`;
  const state = t(stateLabelKey(appt.state), { state: appt.state });
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
      <Text size="xs">
        {t('event.state', { state: t(stateLabelKey(appt.state), { state: appt.state }) })}
      </Text>
      {appt.comment && <Text size="xs">{t('event.comment', { comment: appt.comment })}</Text>}
    </Stack>
  );
}
