import type { AgendaItem } from './model.ts';

/** Pixels per minute: 15 minutes are 18 px. */
export const PX_PER_MIN = 1.2;
export const MOVE_STEP = 5;
export const SELECT_STEP = 15;
export const DEFAULT_NEW_MINUTES = 30;
/** Pointer travel (px) before a press becomes a drag. */
export const DRAG_THRESHOLD = 4;
/** The least height of an appointment: WCAG 2.2 target size (24 px), whatever its length. */
export const MIN_EVENT_PX = 24;

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

export type Interaction =
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

export const colKey = (day: string, calendarid: number) => `${day}|${calendarid}`;

/** Where the dashed preview of a drag goes in this column, if anywhere. */
export function previewFor(
  interaction: Interaction | null,
  key: string,
): { start: number; end: number } | null {
  if (!interaction?.moved || interaction.colKey !== key) return null;
  if (interaction.kind === 'move')
    return { start: interaction.start, end: interaction.start + interaction.length };
  if (interaction.kind === 'resize') return { start: interaction.start, end: interaction.end };
  const a = Math.min(interaction.anchor, interaction.current);
  const b = Math.max(interaction.anchor, interaction.current);
  const start = Math.floor(a / SELECT_STEP) * SELECT_STEP;
  return { start, end: Math.max(start + SELECT_STEP, Math.ceil(b / SELECT_STEP) * SELECT_STEP) };
}
