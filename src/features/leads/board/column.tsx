import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  type ComponentType,
  createContext,
  memo,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { leadPagesQuery } from '#api/sales/leads.ts';
import { folderName } from '#components/codes.ts';
import { describeError } from '#components/states.tsx';
import type { Folder, Lead } from '#contract/sales.ts';
import { type BoardFilter, columnInput } from '../shared/queries.ts';
import classes from './board.module.css';
import { type BoardCardProps, CardComponentContext } from './card.tsx';
import type { ColumnDrop } from './context.ts';

/** Below this many loaded cards a column renders them all; above, only what is in view (plus a few). */
export const FULL_RENDER_LIMIT = 40;
/** Fetch the next page when the view is this close to the last loaded card. */
const PREFETCH_DISTANCE = 10;
/** A long column before its virtual list has loaded (just after the first cards) shows this many. */
const PREVIEW_COUNT = 12;

/** What a long column's virtual list (drag.tsx, loaded after the first cards) is given. */
export interface VirtualCardsProps {
  leads: Lead[];
  selected: ReadonlySet<number>;
  tabbableId: number | undefined;
  /** Always rendered, wherever the scroll position: the focused and the dragged card. */
  keep: readonly number[];
  scrollElement: HTMLDivElement;
  Card: ComponentType<BoardCardProps>;
  /** The last card index in view, for loading the next page. */
  onEnd: (index: number) => void;
  /** Scrolls a card into view (keyboard navigation). */
  scrollToRef: RefObject<((index: number) => void) | null>;
}

/** The virtual list for long columns, once loaded (view.tsx provides it with drag and drop). */
export const VirtualCardsContext = createContext<ComponentType<VirtualCardsProps> | null>(null);

/** `1'234`, as the practice writes numbers. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

export interface FocusTarget {
  leadId: number;
  folderId: number;
  /** Changes with every request to move the keyboard focus, so that the same card can be asked for again. */
  seq: number;
  /** Move the DOM focus there (keyboard navigation), or only keep the card rendered (mouse focus). */
  focusDom: boolean;
}

export interface BoardColumnProps {
  folder: Folder;
  filter: BoardFilter;
  selected: ReadonlySet<number>;
  focus: FocusTarget | null;
  /** The card being dragged, kept rendered whatever the scroll position. */
  draggingId: number | null;
  /** This column's cards have arrived (the first time). */
  onLoaded: () => void;
}

/** The cards of a column, each lead once (pages can overlap when leads move between requests). */
export function columnLeads(pages: readonly { items: Lead[] }[] | undefined): Lead[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const out: Lead[] = [];
  for (const p of pages) {
    for (const l of p.items) {
      if (seen.has(l.leadId)) continue;
      seen.add(l.leadId);
      out.push(l);
    }
  }
  return out;
}

/**
 * One folder of the board: a region named after the folder, with its true count (pagination.total), loading more
 * cards as it scrolls. Long columns are virtualised; the focused and the dragged card always stay rendered.
 *
 * The frame renders again with every change of a drag (dnd-kit's context, through drag.tsx's `drop`); the
 * memoised content only when its own props change, so a drop renders the two columns it touches, not all of them.
 */
export function ColumnFrame(props: BoardColumnProps & { drop?: ColumnDrop }) {
  const { folder, drop, ...rest } = props;
  const headingId = useId();
  return (
    <section
      ref={drop?.ref}
      className={classes.column}
      aria-labelledby={headingId}
      data-folder-id={folder.folderId}
      data-over={drop?.isOver || undefined}
    >
      <ColumnContent folder={folder} {...rest} headingId={headingId} />
    </section>
  );
}

/** A column before drag and drop has loaded. */
export const StaticColumn = memo(function StaticColumn(props: BoardColumnProps) {
  return <ColumnFrame {...props} />;
});

const ColumnContent = memo(function ColumnContent({
  folder,
  filter,
  selected,
  focus,
  draggingId,
  onLoaded,
  headingId,
}: BoardColumnProps & { headingId: string }) {
  const { t } = useTranslation('leads');
  const BoardCard = useContext(CardComponentContext);
  const query = useInfiniteQuery(leadPagesQuery(columnInput(filter, folder.folderId)));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const leads = useMemo(() => columnLeads(data?.pages), [data]);
  const total = data?.pages[0]?.pagination.total ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The scroll element as state too: the virtual list needs it when it first measures, and a ref of a parent is not
  // set yet while a child that mounts with it runs its layout effects.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const attachScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    setScrollElement(el);
  }, []);

  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) onLoaded();
  }, [loaded, onLoaded]);

  const focusIndex =
    focus && focus.folderId === folder.folderId ? leads.findIndex((l) => l.leadId === focus.leadId) : -1;
  const dragIndex = draggingId === null ? -1 : leads.findIndex((l) => l.leadId === draggingId);
  const full = leads.length < FULL_RENDER_LIMIT;
  const VirtualCards = useContext(VirtualCardsContext);
  const virtual = !full && VirtualCards !== null && scrollElement !== null;
  const [virtualEnd, setVirtualEnd] = useState(0);
  const scrollToRef = useRef<((index: number) => void) | null>(null);
  const keep = useMemo(() => [focusIndex, dragIndex].filter((i) => i >= 0), [focusIndex, dragIndex]);

  // Near the end of what is loaded: the next page.
  // A short column shows all it has: when the service has more, the next page follows at once.
  const endIndex = full ? leads.length - 1 : virtual ? virtualEnd : PREVIEW_COUNT - 1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && endIndex >= leads.length - PREFETCH_DISTANCE) {
      void fetchNextPage();
    }
  }, [endIndex, leads.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Keyboard navigation asked for a card of this column: scroll to it and move the focus there.
  const focusSeq = focus?.folderId === folder.folderId && focus.focusDom ? focus.seq : null;
  const focusLeadId = focus?.leadId;
  const focusIndexRef = useRef(focusIndex);
  focusIndexRef.current = focusIndex;
  // Also once the card arrives (a keyboard drop asks for the card before the move reaches the cache).
  const focusFound = focusIndex >= 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per request and when the card arrives
  useEffect(() => {
    if (focusSeq === null) return;
    const index = focusIndexRef.current;
    if (index < 0) return;
    if (virtual) scrollToRef.current?.(index);
    const id = requestAnimationFrame(() => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-lead-id="${focusLeadId}"]`);
      el?.focus({ preventScroll: virtual });
    });
    return () => cancelAnimationFrame(id);
  }, [focusSeq, focusFound]);

  // Roving tabindex: the focused card of this column, else its first.
  const tabbableId = focusIndex >= 0 ? leads[focusIndex].leadId : leads[0]?.leadId;

  return (
    <>
      <header className={classes.columnHeader}>
        <h2 className={classes.columnTitle} id={headingId}>
          {folderName(folder)}
        </h2>
        {loaded && (
          <span className={classes.count} data-testid="column-count" data-count={total}>
            <span aria-hidden>{formatCount(total)}</span>
            <span className={classes.srOnly}>{t('column.count', { count: total })}</span>
          </span>
        )}
      </header>
      <div ref={attachScroll} className={classes.columnScroll}>
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('column.loading')} role="status">
            <Skeleton height={88} radius="sm" />
            <Skeleton height={88} radius="sm" />
            <Skeleton height={88} radius="sm" />
          </Stack>
        ) : query.isError && !data ? (
          <Alert color="red" variant="light" p="xs" role="alert" title={t('column.failed')}>
            <Stack gap={6} align="flex-start">
              <Text size="xs">{describeError(query.error, t)}</Text>
              <Button size="compact-xs" variant="default" onClick={() => void query.refetch()}>
                {t('column.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : leads.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('column.empty')}
          </Text>
        ) : virtual ? (
          <VirtualCards
            leads={leads}
            selected={selected}
            tabbableId={tabbableId}
            keep={keep}
            scrollElement={scrollElement}
            Card={BoardCard}
            onEnd={setVirtualEnd}
            scrollToRef={scrollToRef}
          />
        ) : (
          // A short column in the flow; a long one too, its first few, until the virtual list is there (a moment
          // after the first cards).
          (full ? leads : leads.slice(0, PREVIEW_COUNT)).map((lead) => (
            <div key={lead.leadId} className={classes.flowSlot}>
              <BoardCard
                lead={lead}
                selected={selected.has(lead.leadId)}
                tabbable={lead.leadId === tabbableId}
              />
            </div>
          ))
        )}
      </div>
      {(hasNextPage || (query.isError && data)) && (
        <div className={classes.columnFooter}>
          <Button
            variant="subtle"
            size="compact-sm"
            fullWidth
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {query.isError ? t('column.retryMore') : t('column.more', { shown: leads.length, total })}
          </Button>
        </div>
      )}
    </>
  );
});
