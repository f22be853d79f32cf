import { DndContext, type DragEndEvent, DragOverlay, useDraggable, useDroppable } from '@dnd-kit/core';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder, Lead } from '#contract/sales.ts';
import classes from './board.module.css';
import { type BoardCardProps, CardFrame, CardPreview } from './card.tsx';
import { type BoardColumnProps, ColumnFrame, type VirtualCardsProps } from './column.tsx';
import { type CardDrag, cardDragId, columnDropId } from './context.ts';
import {
  boardAnnouncements,
  boardCollision,
  type CardData,
  type ColumnData,
  useBoardSensors,
} from './dnd.ts';
import { useMoveLead } from './moves.ts';

/*
 * Drag and drop on the board (dnd-kit), loaded after the first cards are on screen (view.tsx): the cards and
 * columns of card.tsx and column.tsx, given what dragging and dropping needs.
 */

export const DraggableCard = memo(function DraggableCard(props: BoardCardProps) {
  const { lead } = props;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: cardDragId(lead.leadId),
    data: { lead } satisfies CardData,
    disabled: lead.deleted,
  });
  const drag = useMemo(
    () => ({
      ref: (el: HTMLElement | null) => {
        setNodeRef(el);
        setActivatorNodeRef(el);
      },
      // dnd-kit types them as Function; they are the activators' React handlers.
      listeners: listeners as CardDrag['listeners'],
      describedBy: attributes['aria-describedby'],
      isDragging,
    }),
    [setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging],
  );
  return <CardFrame {...props} drag={drag} />;
});

export const DroppableColumn = memo(function DroppableColumn(props: BoardColumnProps) {
  const { folder } = props;
  const { setNodeRef, isOver } = useDroppable({
    id: columnDropId(folder.folderId),
    data: { folder } satisfies ColumnData,
  });
  return <ColumnFrame {...props} drop={{ ref: setNodeRef, isOver }} />;
});

export interface DragFrameProps {
  /** The card being carried, shown under the pointer. */
  dragging: Lead | null;
  onDragStart: (lead: Lead) => void;
  /** A card was dropped on a column; `byKeyboard` when it was carried with the keys; `move` moves it (with Undo). */
  onDrop: (lead: Lead, folder: Folder, byKeyboard: boolean, move: ReturnType<typeof useMoveLead>) => void;
  /** The drag ended without a drop, or was cancelled. */
  onDragEnd: () => void;
  children: ReactNode;
}

/** The board's drag and drop context: sensors for mouse, touch and keys, and the screen reader's announcements. */
export function DragFrame({ dragging, onDragStart, onDrop, onDragEnd, children }: DragFrameProps) {
  const { t } = useTranslation('leads');
  const sensors = useBoardSensors();
  const move = useMoveLead();
  const announcements = useMemo(() => boardAnnouncements(t), [t]);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollision}
      onDragStart={({ active }) => {
        const lead = (active.data.current as CardData | undefined)?.lead;
        if (lead) onDragStart(lead);
      }}
      onDragEnd={({ active, over, activatorEvent }: DragEndEvent) => {
        onDragEnd();
        const lead = (active.data.current as CardData | undefined)?.lead;
        const folder = (over?.data.current as ColumnData | undefined)?.folder;
        if (lead && folder) onDrop(lead, folder, activatorEvent instanceof KeyboardEvent, move);
      }}
      onDragCancel={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>{dragging ? <CardPreview lead={dragging} /> : null}</DragOverlay>
    </DndContext>
  );
}

const ESTIMATED_CARD_HEIGHT = 118;

/**
 * A long column's cards: what is in view, plus a few and the kept ones (focused, dragged) wherever they are.
 * Reports the last index in view (the column loads its next page near the end) and scrolls to a card on request.
 */
export function VirtualCards({
  leads,
  selected,
  tabbableId,
  keep,
  scrollElement,
  Card,
  onEnd,
  scrollToRef,
}: VirtualCardsProps) {
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const i of keep) indexes.add(i);
      return [...indexes].sort((a, b) => a - b);
    },
    [keep],
  );
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 4,
    getItemKey: useCallback((i: number) => leads[i]?.leadId ?? i, [leads]),
    rangeExtractor,
  });
  const end = virtualizer.range?.endIndex ?? 0;
  useEffect(() => onEnd(end), [end, onEnd]);
  useEffect(() => {
    scrollToRef.current = (index) => virtualizer.scrollToIndex(index, { align: 'auto' });
    return () => {
      scrollToRef.current = null;
    };
  }, [virtualizer, scrollToRef]);

  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => {
        const lead = leads[item.index];
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={classes.slot}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <Card lead={lead} selected={selected.has(lead.leadId)} tabbable={lead.leadId === tabbableId} />
          </div>
        );
      })}
    </div>
  );
}
