import {
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  type PointerSensorOptions,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import { type PointerEvent as ReactPointerEvent, useMemo } from 'react';
import { folderName } from '#components/codes.ts';
import type { Folder, Lead } from '#contract/sales.ts';
import { leadName } from './lead.ts';

/**
 * Drag and drop of cards between columns: mouse and pen (PointerSensor), touch (TouchSensor, after a short press
 * so that a swipe still scrolls), keyboard (Space picks up, arrows go from column to column, Space drops,
 * Escape cancels), with announcements for screen readers.
 */

/** What a draggable card and a droppable column carry. */
export interface CardData {
  lead: Lead;
}
export interface ColumnData {
  folder: Folder;
}

/** The pointer sensor for mouse and pen only: touch goes to the TouchSensor with its press delay. */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        // A press on a control inside the card (checkbox, Actions) is that control's, not a drag.
        if ((event.target as Element | null)?.closest('button, input, a, [role="menuitem"]')) return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/**
 * Arrow right / left while dragging by keyboard: onto the next column in that direction. Up and down do nothing
 * (a column is ordered by last activity, not by hand). The column aimed at is remembered from key to key, so that
 * fast presses count each (the card's measured position lags a render behind).
 */
export function columnKeyboardCoordinates(): KeyboardCoordinateGetter {
  let aimed: UniqueIdentifier | null = null;
  let aimedFor: Event | null = null;
  return (event, { context, currentCoordinates }) => {
    if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) {
      event.preventDefault();
      return currentCoordinates;
    }
    const dir = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
    if (dir === 0) return undefined;
    event.preventDefault();
    const { collisionRect, droppableRects, droppableContainers } = context;
    if (!collisionRect) return undefined;
    const columns = droppableContainers
      .getEnabled()
      // Measured when the drag started; a key pressed right away may come first.
      .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) ?? c.node.current?.getBoundingClientRect() }))
      .filter((c): c is { id: UniqueIdentifier; rect: ClientRect } => c.rect !== undefined)
      .sort((a, b) => a.rect.left - b.rect.left);
    if (aimedFor !== context.activatorEvent) {
      // A new drag (the key that picked the card up): start from the column the card is in.
      const middle = collisionRect.left + collisionRect.width / 2;
      aimed = columns.find((c) => c.rect.left <= middle && middle <= c.rect.left + c.rect.width)?.id ?? null;
      if (aimed !== null) aimedFor = context.activatorEvent;
    }
    const at = columns.findIndex((c) => c.id === aimed);
    const next = columns[at < 0 ? (dir > 0 ? 0 : columns.length - 1) : at + dir];
    if (!next) return currentCoordinates;
    aimed = next.id;
    // Just inside the column's top left corner, so that it is the column the card overlaps most.
    return { x: next.rect.left + 4, y: next.rect.top + 4 };
  };
}

/** Pointer drags: the column under the pointer; keyboard drags (no pointer): the column the card overlaps most. */
export const boardCollision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

export function useBoardSensors() {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: useMemo(columnKeyboardCoordinates, []),
      // Enter opens a card; only Space picks it up. Tab must not drop (it leaves the card).
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
}

function cardOf(data: unknown): Lead | null {
  return (data as CardData | undefined)?.lead ?? null;
}
function folderOf(data: unknown): Folder | null {
  return (data as ColumnData | undefined)?.folder ?? null;
}

/** What a screen reader hears while a card moves: its name and the column's name, never ids. */
export function boardAnnouncements(t: TFunction<'leads'>): Announcements {
  const name = (data: unknown) => {
    const lead = cardOf(data);
    return lead ? leadName(lead) : '';
  };
  return {
    onDragStart: ({ active }) => t('dnd.pickedUp', { name: name(active.data.current) }),
    onDragOver: ({ active, over }) => {
      const folder = folderOf(over?.data.current);
      return folder
        ? t('dnd.over', { name: name(active.data.current), column: folderName(folder) })
        : t('dnd.notOver', { name: name(active.data.current) });
    },
    onDragEnd: ({ active, over }) => {
      const folder = folderOf(over?.data.current);
      return folder
        ? t('dnd.dropped', { name: name(active.data.current), column: folderName(folder) })
        : t('dnd.droppedNowhere', { name: name(active.data.current) });
    },
    onDragCancel: ({ active }) => t('dnd.cancelled', { name: name(active.data.current) }),
  };
}
