import { type CSSProperties, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClosedSpan, closedOnDay, namesOf, wholeDayClosures } from '#components/closed-time/spans.ts';
import { formatDate, intlLocale } from '#components/format.ts';
import type { Calendar } from '#contract/agenda.ts';
import { useGridDrag } from '../grid-drag.ts';
import {
  type CreateRange,
  colKey,
  MIN_EVENT_PX,
  type MoveTarget,
  PX_PER_MIN,
  previewFor,
} from '../grid-geometry.ts';
import {
  type AgendaItem,
  type AgendaView,
  BUSINESS_HOURS,
  backgroundOf,
  hhmm,
  isBusinessDay,
  placeItems,
} from '../model.ts';
import classes from './agenda.module.css';
import { AgendaEvent } from './agenda-event.tsx';

export { type CreateRange, type MoveTarget, PX_PER_MIN } from '../grid-geometry.ts';

interface Column {
  key: string;
  day: string;
  calendar: Calendar;
}

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
  /** Holidays and absences of the period: each column shades what closes its calendar's practitioner. */
  closed?: readonly ClosedSpan[];
}

/**
 * The agenda's time grid, made by hand: calendars side by side (per day in the week view), time running down.
 * Appointments open by click or Enter, move by dragging, resize by their lower edge; a free range is selected by
 * dragging over a column, a free slot by clicking it. Keyboard users create and change through the dialog.
 */
export function AgendaGrid(props: AgendaGridProps) {
  const { view, days, calendars, items, hours, today, now, onOpen, closed = [] } = props;
  const { t, i18n } = useTranslation('agenda');
  const scrollerRef = useRef<HTMLElement>(null);
  const columnRefs = useRef(new Map<string, HTMLDivElement>());
  const { interaction, suppressClickRef, onEventPointerDown, onColumnPointerDown } = useGridDrag(
    columnRefs,
    hours.from,
    props,
  );

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
    // Where the week is wider than the screen (a phone), today's columns are in view, next to the time gutter.
    const todayColumn = el.querySelector<HTMLElement>(`[data-column^="${today}|"]`);
    const gutter = el.querySelector<HTMLElement>(`.${classes.gutter}`)?.offsetWidth ?? 0;
    if (todayColumn && el.scrollWidth > el.clientWidth) {
      el.scrollLeft = Math.max(0, todayColumn.offsetLeft - gutter);
    } else {
      el.scrollLeft = 0;
    }
  }, [firstDay, view, days.length]);

  const byCalendar = new Map<number, AgendaItem[]>();
  for (const item of items) {
    const list = byCalendar.get(item.calendarid) ?? [];
    list.push(item);
    byCalendar.set(item.calendarid, list);
  }

  // ----- rendering -------------------------------------------------------------------------------------------

  const gridStyle = {
    '--agenda-cols': columns.length,
    // The week of several calendars: narrow day columns that fit the screen (1440 px: five days of four calendars).
    '--agenda-col-min': view === 'day' ? '160px' : calendars.length > 1 ? '48px' : '76px',
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
  // The week's column headers without the year (the heading above says the week): `Mi 25.11.` fits a phone's column.
  const dayHeaderLabel = (day: string) =>
    `${weekdayFormat.format(new Date(`${day}T12:00:00Z`))} ${formatDate(day).slice(0, 6)}`;
  /** The name of what closes the whole practice that day (a holiday), or ''. */
  const practiceClosed = (day: string) => namesOf(wholeDayClosures(closed, day, null));
  const closedLabel = (span: ClosedSpan) =>
    span.kind === 'holiday'
      ? t('closed.holiday', { name: span.reason })
      : span.provider === 0
        ? t('closed.practice', { reason: span.reason || t('closed.noReason') })
        : t('closed.absence', { reason: span.reason || t('closed.noReason') });

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
              <span title={dayLabel(day)}>{dayHeaderLabel(day)}</span>
              {day === today && <span>· {t('grid.today')}</span>}
              <ClosedName name={practiceClosed(day)} />
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
          const placed = placeItems(
            byCalendar.get(col.calendar.calendarid) ?? [],
            col.day,
            MIN_EVENT_PX / PX_PER_MIN,
          );
          const isToday = col.day === today;
          const business = isBusinessDay(col.day);
          const preview = previewFor(interaction, col.key);
          const closures = closedOnDay(closed, col.day, col.calendar.provider).filter(
            (c) => c.start < hours.to && c.end > hours.from,
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: a column of the grid, not a set of form fields
            <div
              key={col.key}
              ref={(el) => {
                if (el) columnRefs.current.set(col.key, el);
                else columnRefs.current.delete(col.key);
              }}
              role="group"
              aria-label={
                t('grid.column', { calendar: col.calendar.name, day: dayLabel(col.day) }) +
                closures.map((c) => ` · ${closedLabel(c.span)}`).join('')
              }
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
              {closures.map((c) => (
                <div
                  key={`${c.span.kind}-${c.span.absenceId}-${c.span.from}`}
                  className={classes.closed}
                  data-kind={c.span.kind}
                  data-testid="closed-time"
                  style={{
                    top: top(Math.max(c.start, hours.from)),
                    height: (Math.min(c.end, hours.to) - Math.max(c.start, hours.from)) * PX_PER_MIN,
                  }}
                  title={closedLabel(c.span)}
                >
                  {/* The week of several calendars has no room for it: the day's header and the list say it. */}
                  {!(view === 'week' && calendars.length > 1) && (
                    <span className={classes.closedLabel}>{closedLabel(c.span)}</span>
                  )}
                </div>
              ))}
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

/** What closes the whole practice on a day of the week's header (a holiday), or nothing. */
function ClosedName({ name }: { name: string }) {
  if (!name) return null;
  return (
    <span className={classes.closedName} title={name}>
      · {name}
    </span>
  );
}
