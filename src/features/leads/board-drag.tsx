import { DndContext, type DragEndEvent, DragOverlay, useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder, Lead } from '../../../contract/sales.ts';
import { type BoardCardProps, CardFrame, CardPreview } from './board-card.tsx';
import { type BoardColumnProps, ColumnFrame } from './board-column.tsx';
import { type CardDrag, cardDragId, columnDropId } from './board-context.ts';
import {
  boardAnnouncements,
  boardCollision,
  type CardData,
  type ColumnData,
  useBoardSensors,
} from './board-dnd.ts';

/*
 * Drag and drop on the board (dnd-kit), loaded after the first cards are on screen (board-view.tsx): the cards and
 * columns of board-card.tsx and board-column.tsx, given what dragging and dropping needs.
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
  /** A card was dropped on a column; `byKeyboard` when it was carried with the keys. */
  onDrop: (lead: Lead, folder: Folder, byKeyboard: boolean) => void;
  /** The drag ended without a drop, or was cancelled. */
  onDragEnd: () => void;
  children: ReactNode;
}

/** The board's drag and drop context: sensors for mouse, touch and keys, and the screen reader's announcements. */
export function DragFrame({ dragging, onDragStart, onDrop, onDragEnd, children }: DragFrameProps) {
  const { t } = useTranslation('leads');
  const sensors = useBoardSensors();
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
        if (lead && folder) onDrop(lead, folder, activatorEvent instanceof KeyboardEvent);
      }}
      onDragCancel={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>{dragging ? <CardPreview lead={dragging} /> : null}</DragOverlay>
    </DndContext>
  );
}
