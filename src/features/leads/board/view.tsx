import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type InfiniteData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { opScope } from '#api/queries.ts';
import { restoreLeadMutation } from '#api/sales/lead-writes.ts';
import type { LeadPage } from '#api/sales/leads.ts';
import { userName as nameOfUser, usersQuery } from '#api/system/people.ts';
import { folderName } from '#components/codes.ts';
import { markFirstContent } from '#components/deferred.tsx';
import type { BulkResult, Folder, Lead, ReferenceData } from '#contract/sales.ts';
import { type BoardFilter, columnInput, columnKey, refreshAfterMoves } from '../shared/queries.ts';
import type { BulkOutcome } from './action-bar.tsx';
import classes from './board.module.css';
import { beginMove, findLeads, type MoveToken, settleMove } from './cache.ts';
import { CardComponentContext, OpenCardMenuContext } from './card.tsx';
import { columnLeads, type FocusTarget, StaticColumn, VirtualCardsContext } from './column.tsx';
import {
  type BoardActions,
  BoardActionsContext,
  type BoardLookups,
  BoardLookupsContext,
  type CardAction,
} from './context.ts';
import {
  BoardActionBar,
  BoardDialog,
  type BoardFocus,
  BulkOutcomeAlert,
  KeepFocusAcrossSwap,
  type OpenDialog,
  restoreBoardFocus,
  useDragModule,
} from './deferred.tsx';
import { leadName } from './lead.ts';
import type { useMoveLead } from './moves.ts';
import { bulkMoveTargets, dropAction } from './rules.ts';
import { emptySelection, type Selection, selectRange, toggle } from './selection.ts';

function leadNameOrId(lead: Lead | undefined, id: number): string {
  return lead ? leadName(lead) : `#${id}`;
}

export interface BoardViewProps {
  /** The columns: the pipeline's folders in board order. */
  folders: Folder[];
  filter: BoardFilter;
  reference: ReferenceData;
  /** Opens a lead (the drawer). */
  onOpen: (leadId: number) => void;
}

/** The columns of one pipeline, with drag and drop, keyboard navigation, selection and the dialogs. */
export function BoardView({ folders, filter, reference, onOpen }: BoardViewProps) {
  // The board says when its first cards are there (markFirstContent below); nothing guesses it (the route says so).
  const { t } = useTranslation('leads');
  const client = useQueryClient();
  // Drag and drop arriving renders the columns anew: a card focused meanwhile keeps the focus.
  const boardRef = useRef<HTMLDivElement>(null);
  const focusBeforeSwap = useRef<BoardFocus | null>(null);
  // The card whose menu is open: it stays open when drag and drop arrives and the cards render anew.
  const openCardMenu = useRef<number | null>(null);
  const drag = useDragModule();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when drag and drop has arrived
  useLayoutEffect(() => {
    const focused = focusBeforeSwap.current;
    focusBeforeSwap.current = null;
    if (focused) restoreBoardFocus(boardRef.current, focused);
  }, [drag]);
  const { mutate: restoreLead } = useMutation(restoreLeadMutation());

  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const [dragging, setDragging] = useState<Lead | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Kept after closing, so that the dialog can close with its transition and give the focus back.
  const [dialogOpen, setDialogOpen] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const dragActive = useRef(false);
  const seq = useRef(0);

  // Names of assignees come after the first cards are painted: the cards are what the user waits for.
  const [anyLoaded, setAnyLoaded] = useState(false);
  const namesScheduled = useRef(false);
  const onLoaded = useCallback(() => {
    if (namesScheduled.current) return;
    namesScheduled.current = true;
    markFirstContent();
    requestAnimationFrame(() => setTimeout(() => setAnyLoaded(true), 0));
  }, []);
  const users = useQuery({ ...usersQuery(), enabled: anyLoaded });

  // Another pipeline or other filters: another set of cards, so nothing stays selected or focused.
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when the filter changes
  useEffect(() => {
    setSelection(emptySelection);
    setFocus(null);
    setOutcome(null);
  }, [filterKey]);

  const latest = useRef({ folders, filter, selection, focus, onOpen });
  latest.current = { folders, filter, selection, focus, onOpen };

  const leadsOf = useCallback(
    (folderId: number): Lead[] =>
      columnLeads(
        client.getQueryData<InfiniteData<LeadPage, number>>(
          columnKey(columnInput(latest.current.filter, folderId)),
        )?.pages,
      ),
    [client],
  );

  const requestFocus = useCallback((leadId: number, folderId: number) => {
    seq.current += 1;
    setFocus({ leadId, folderId, seq: seq.current, focusDom: true });
  }, []);

  const actions: BoardActions = useMemo(() => {
    const select = (lead: Lead, mode: 'toggle' | 'range') => {
      const order = mode === 'range' ? leadsOf(lead.folderId).map((l) => l.leadId) : [];
      setSelection((s) => (mode === 'range' ? selectRange(s, order, lead.leadId) : toggle(s, lead.leadId)));
    };

    const act = (action: CardAction, lead: Lead) => {
      if (action === 'open') latest.current.onOpen(lead.leadId);
      else if (action === 'restore') {
        restoreLead(lead.leadId, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('restore.done', { name: leadName(lead) }) }),
        });
      } else {
        setDialog({ kind: action, lead });
        setDialogOpen(true);
      }
    };

    const cardKeyDown = (e: KeyboardEvent<HTMLElement>, lead: Lead) => {
      // While a card is carried the keys are the drag's; keys on a control inside the card are the control's.
      if (dragActive.current || e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
      const cols = latest.current.folders;
      const column = leadsOf(lead.folderId);
      const index = column.findIndex((l) => l.leadId === lead.leadId);
      const goTo = (target: Lead | undefined, folderId: number) => {
        if (!target) return;
        e.preventDefault();
        requestFocus(target.leadId, folderId);
      };
      switch (e.key) {
        case 'Enter':
          e.preventDefault();
          act('open', lead);
          return;
        case 'x':
        case 'X':
          e.preventDefault();
          select(lead, e.shiftKey ? 'range' : 'toggle');
          return;
        case 'Escape':
          if (latest.current.selection.ids.size > 0) {
            e.preventDefault();
            setSelection(emptySelection);
          }
          return;
        case 'ArrowDown':
          goTo(column[index + 1], lead.folderId);
          if (!column[index + 1]) e.preventDefault();
          return;
        case 'ArrowUp':
          goTo(column[index - 1], lead.folderId);
          if (!column[index - 1]) e.preventDefault();
          return;
        case 'Home':
          goTo(column[0], lead.folderId);
          return;
        case 'End':
          goTo(column[column.length - 1], lead.folderId);
          return;
        case 'ArrowLeft':
        case 'ArrowRight': {
          e.preventDefault();
          const dir = e.key === 'ArrowRight' ? 1 : -1;
          const at = cols.findIndex((f) => f.folderId === lead.folderId);
          // The nearest column in that direction that has cards; the same row, or its last card.
          for (let i = at + dir; i >= 0 && i < cols.length; i += dir) {
            const other = leadsOf(cols[i].folderId);
            if (other.length > 0) {
              goTo(other[Math.min(Math.max(index, 0), other.length - 1)], cols[i].folderId);
              return;
            }
          }
          return;
        }
      }
    };

    const cardFocused = (lead: Lead) => {
      const f = latest.current.focus;
      if (f && f.leadId === lead.leadId && f.folderId === lead.folderId) return;
      seq.current += 1;
      setFocus({ leadId: lead.leadId, folderId: lead.folderId, seq: seq.current, focusDom: false });
    };

    return { act, select, cardKeyDown, cardFocused };
  }, [leadsOf, requestFocus, restoreLead, t]);

  const lookups: BoardLookups = useMemo(() => {
    const sources = new Map((reference.sources ?? []).map((s) => [s.code, s.label]));
    const flags = new Map((reference.flags ?? []).map((s) => [s.code, s.label]));
    return {
      userName: (id) => nameOfUser(users.data, id),
      sourceLabel: (code) => sources.get(code) ?? code,
      flagLabel: (code) => flags.get(code) ?? code,
      folders: reference.folders ?? [],
      roleDescription: t('dnd.roleDescription'),
    };
  }, [reference, users.data, t]);

  // -------------------------------------------------------------------------------------------------------------
  // Dropping a card: the same rules as "Move to…".

  // `move` comes with drag and drop (drag.tsx), as the optimistic move with its Undo.
  const drop = (lead: Lead, folder: Folder, byKeyboard: boolean, move: ReturnType<typeof useMoveLead>) => {
    const action = dropAction(lead, folder);
    if (action === 'none' || action === 'refuse') return;
    if (byKeyboard) requestFocus(lead.leadId, folder.folderId);
    if (action === 'move') {
      move.mutate({ lead, folderId: folder.folderId });
      return;
    }
    // 5/15 and 4/14: the card goes there at once and the dialog decides whether it stays.
    const preview = () => {
      const token = beginMove(client, lead, folder.folderId);
      setDialog({ kind: action, lead, token });
      setDialogOpen(true);
    };
    const lists = { queryKey: opScope('getLeads') };
    if (client.isFetching(lists) > 0) void client.cancelQueries(lists).then(preview);
    else preview();
  };

  const onDragStart = (lead: Lead) => {
    dragActive.current = true;
    setDragging(lead);
  };

  const onDragEnd = () => {
    dragActive.current = false;
    setDragging(null);
  };

  const endDialog = (ok: boolean) => {
    const token = dialog?.token;
    setDialogOpen(false);
    setDialog((d) => (d ? { ...d, token: undefined } : d));
    if (token) {
      settleMove(client, token, ok);
      void refreshAfterMoves(client);
    }
  };

  // Leaving the board with a dialog of a drop open: the card goes back.
  const openToken = useRef<MoveToken | undefined>(undefined);
  openToken.current = dialog?.token;
  useEffect(
    () => () => {
      if (openToken.current) settleMove(client, openToken.current, false);
    },
    [client],
  );

  // -------------------------------------------------------------------------------------------------------------
  // Bulk actions.

  const selectedIds = useMemo(() => [...selection.ids], [selection]);
  // The names as the cards showed them when they were selected: a lead deleted meanwhile is gone from the lists
  // by the time the result arrives.
  const selectedNames = useMemo(() => {
    const found = findLeads(client, selectedIds);
    return new Map(selectedIds.map((id) => [id, leadNameOrId(found.get(id), id)]));
  }, [client, selectedIds]);
  const onOutcome = (kind: 'assign' | 'move', result: BulkResult, folder?: Folder) => {
    const names = selectedNames;
    setOutcome({ kind, result, names, folder: folder ? folderName(folder) : undefined });
    setSelection(emptySelection);
  };

  const ispatient = filter.ispatient;

  const columns = (Column: typeof StaticColumn) => (
    <div
      ref={boardRef}
      className={classes.board}
      data-testid="lead-board"
      data-movable={drag ? true : undefined}
    >
      {!drag && <KeepFocusAcrossSwap keep={focusBeforeSwap} />}
      {folders.map((folder) => (
        <Column
          key={folder.folderId}
          folder={folder}
          filter={filter}
          selected={selection.ids}
          // Only what concerns the column, so that the others keep their props and do not render.
          focus={focus?.folderId === folder.folderId ? focus : null}
          draggingId={dragging?.folderId === folder.folderId ? dragging.leadId : null}
          onLoaded={onLoaded}
        />
      ))}
    </div>
  );

  return (
    <Stack gap="sm">
      <Suspense fallback={null}>
        {selection.ids.size > 0 && (
          <BoardActionBar
            selected={selectedIds}
            targets={bulkMoveTargets(reference.folders ?? [], ispatient)}
            onClear={() => setSelection(emptySelection)}
            onOutcome={onOutcome}
          />
        )}
        {outcome && <BulkOutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />}
      </Suspense>
      <Text size="xs" c="dimmed" id="board-keys">
        {t('board.keys')}
      </Text>
      <BoardLookupsContext.Provider value={lookups}>
        <OpenCardMenuContext.Provider value={openCardMenu}>
          <BoardActionsContext.Provider value={actions}>
            {drag ? (
              <CardComponentContext.Provider value={drag.DraggableCard}>
                <VirtualCardsContext.Provider value={drag.VirtualCards}>
                  <drag.DragFrame
                    dragging={dragging}
                    onDragStart={onDragStart}
                    onDrop={drop}
                    onDragEnd={onDragEnd}
                  >
                    {columns(drag.DroppableColumn)}
                  </drag.DragFrame>
                </VirtualCardsContext.Provider>
              </CardComponentContext.Provider>
            ) : (
              columns(StaticColumn)
            )}
          </BoardActionsContext.Provider>
        </OpenCardMenuContext.Provider>
      </BoardLookupsContext.Provider>
      {dialog && (
        <Suspense fallback={null}>
          <BoardDialog dialog={dialog} opened={dialogOpen} onEnd={endDialog} />
        </Suspense>
      )}
    </Stack>
  );
}
