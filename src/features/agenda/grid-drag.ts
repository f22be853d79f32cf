import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import {
  type CreateRange,
  DEFAULT_NEW_MINUTES,
  DRAG_THRESHOLD,
  type Interaction,
  MOVE_STEP,
  type MoveTarget,
  PX_PER_MIN,
  SELECT_STEP,
} from './grid-geometry.ts';
import {
  type AgendaItem,
  durationMinutes,
  MINUTES_PER_DAY,
  type PlacedItem,
  practiceDateTime,
  snap,
} from './model.ts';

export interface DragCallbacks {
  onMove: (item: AgendaItem, target: MoveTarget) => void;
  onCreate: (range: CreateRange) => void;
}

/**
 * Pointer handling of the grid: moving and resizing appointments, selecting a free range. Window listeners live
 * for one drag; a click that ends a drag is swallowed.
 */
export function useGridDrag(
  columnRefs: RefObject<Map<string, HTMLDivElement>>,
  hoursFrom: number,
  callbacks: DragCallbacks,
) {
  const interactionRef = useRef<Interaction | null>(null);
  const [interaction, setInteraction] = useState<Interaction | null>(null);
  const suppressClickRef = useRef(false);
  const propsRef = useRef(callbacks);
  propsRef.current = callbacks;
  const hoursFromRef = useRef(hoursFrom);
  hoursFromRef.current = hoursFrom;

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

  return { interaction, suppressClickRef, onEventPointerDown, onColumnPointerDown };
}
