import { createContext, type KeyboardEvent, type PointerEvent, type TouchEvent, useContext } from 'react';
import type { Folder, Lead } from '#contract/sales.ts';

/**
 * What cards need from the board without passing it through every column: the actions (a stable object, so that
 * memoised cards do not re-render) and the names to show (users, sources, flags).
 */

export type CardAction = 'open' | 'move' | 'disqualify' | 'convert' | 'assign' | 'delete' | 'restore';

export interface BoardActions {
  act: (action: CardAction, lead: Lead) => void;
  /** Checkbox, ctrl-click or `x`: toggle; shift-click: the range from the last toggled card. */
  select: (lead: Lead, mode: 'toggle' | 'range') => void;
  /** Keys on a card (not on a control inside it): arrows, Home/End, Enter, x, Escape. */
  cardKeyDown: (event: KeyboardEvent<HTMLElement>, lead: Lead) => void;
  cardFocused: (lead: Lead) => void;
}

export interface BoardLookups {
  userName: (userid: number | null) => string;
  sourceLabel: (code: string) => string;
  flagLabel: (code: string) => string;
  folders: readonly Folder[];
  /** What a screen reader calls a card (`movable card`). */
  roleDescription: string;
}

const noop = () => {};

export const BoardActionsContext = createContext<BoardActions>({
  act: noop,
  select: noop,
  cardKeyDown: noop,
  cardFocused: noop,
});

export const BoardLookupsContext = createContext<BoardLookups>({
  userName: (id) => (id ? `#${id}` : ''),
  sourceLabel: (code) => code,
  flagLabel: (code) => code,
  folders: [],
  roleDescription: 'movable card',
});

export function useBoardActions(): BoardActions {
  return useContext(BoardActionsContext);
}

export function useBoardLookups(): BoardLookups {
  return useContext(BoardLookupsContext);
}

/** dnd-kit's ids of a card and a column (dnd.ts). */
export const columnDropId = (folderId: number) => `column-${folderId}`;
export const cardDragId = (leadId: number) => `lead-${leadId}`;

/** What a card needs to be dragged (given by drag.tsx once drag and drop has loaded). */
export interface CardDrag {
  ref: (el: HTMLElement | null) => void;
  /** dnd-kit's activators, called from the card's own handlers. */
  listeners:
    | {
        onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
        onTouchStart?: (e: TouchEvent<HTMLElement>) => void;
        onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
      }
    | undefined;
  describedBy: string | undefined;
  isDragging: boolean;
}

/** What a column needs to take drops. */
export interface ColumnDrop {
  ref: (el: HTMLElement | null) => void;
  isOver: boolean;
}
