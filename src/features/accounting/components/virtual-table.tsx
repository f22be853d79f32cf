import { Box, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { TableColumn } from '../columns.ts';
import type { SortDir } from '../url-state.ts';

export const ROW_HEIGHT = 37;
/** Two lines: a header wraps at its word bounds (`Rechnungs-` / `Nr.`) rather than being cut. */
const HEADER_HEIGHT = 58;
const VIEW_HEIGHT = 560;

/**
 * A column at least as wide as the longest word of its header (a header wraps at spaces and after hyphens, never
 * inside a word): about 8.6 px a letter in the bold 14 px header font, plus the sort arrow and the cell padding.
 * Generous on purpose; e2e/exports.spec.ts checks in every language that no header is cut.
 */
export function columnWidth(header: string, width: number): number {
  const longest = Math.max(0, ...header.split(/\s+|(?<=-)/).map((w) => w.length));
  return Math.max(width, Math.ceil(longest * 8.6) + 44);
}

export interface VirtualTableProps<R> {
  /** Names the table and its scroll region. */
  label: string;
  /** Rows in the table. */
  count: number;
  /** The row at a position; undefined while it is on its way (an empty row of the same height is shown). */
  rowAt: (index: number) => R | undefined;
  /** Told which positions are drawn, to fetch them. */
  onShowing: (from: number, to: number) => void;
  /** Another value shows the list from its top (a new filter or order). */
  resetKey: string;
  columns: readonly TableColumn<R>[];
  rowKey: (row: R) => string | number;
  sort: { key: string; dir: SortDir } | null;
  onSort: (key: string) => void;
  /** Sort button labels, e.g. `Sort by Amount, ascending`. */
  sortLabel: (header: string, next: SortDir) => string;
}

/**
 * A table of any length: only the rows in view (and a few around) are in the document, the space of the others is
 * kept by a spacer row above and below. The header stays at the top; headers sort (a button each).
 */
export function VirtualTable<R>({
  label,
  count,
  rowAt,
  onShowing,
  resetKey,
  columns,
  rowKey,
  sort,
  onSort,
  sortLabel,
}: VirtualTableProps<R>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The sticky header sits above the first row inside the scrolled box.
    paddingStart: HEADER_HEIGHT,
    // Before the box is measured (and in tests), assume its usual size.
    initialRect: { width: 1200, height: VIEW_HEIGHT },
  });

  // A new filter or order shows the list from its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger, not a value used here
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const from = first?.index ?? 0;
  const to = last ? last.index + 1 : 0;
  useEffect(() => {
    onShowing(from, to);
  }, [onShowing, from, to]);
  const padTop = first ? first.start - HEADER_HEIGHT : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const widths = useMemo(() => columns.map((c) => columnWidth(c.header, c.width)), [columns]);
  const width = widths.reduce((n, w) => n + w, 0);

  return (
    <Box
      ref={scrollRef}
      h={Math.min(VIEW_HEIGHT, ROW_HEIGHT * count + HEADER_HEIGHT + 2)}
      style={{ overflow: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
      // Scrollable by keyboard.
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table
        stickyHeader
        highlightOnHover
        aria-label={label}
        aria-rowcount={count + 1}
        style={{ tableLayout: 'fixed', width, minWidth: '100%' }}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            {columns.map((c, i) => {
              const active = sort?.key === c.key ? sort.dir : null;
              const next: SortDir = active === 'asc' ? 'desc' : 'asc';
              const Icon =
                active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
              return (
                <Table.Th
                  key={c.key}
                  scope="col"
                  w={widths[i]}
                  aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                  // Wrapped at word bounds (and after a hyphen), never inside a word.
                  style={{
                    textAlign: c.align ?? 'left',
                    whiteSpace: 'normal',
                    overflowWrap: 'normal',
                    wordBreak: 'normal',
                    hyphens: 'manual',
                    lineHeight: 1.25,
                    verticalAlign: 'bottom',
                  }}
                >
                  <UnstyledButton
                    onClick={() => onSort(c.key)}
                    aria-label={sortLabel(c.header, next)}
                    data-header={c.key}
                    style={{
                      display: 'block',
                      textAlign: 'inherit',
                      fontWeight: 600,
                      fontSize: 'var(--mantine-font-size-sm)',
                    }}
                  >
                    {/* The arrow sticks to the last word (no break space), so it never sits alone on a line. */}
                    {c.header}
                    {'\u00a0'}
                    <Icon
                      size={14}
                      aria-hidden
                      style={{ opacity: active ? 1 : 0.5, verticalAlign: '-2px', display: 'inline' }}
                    />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {padTop > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing to focus or read
            <tr aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={columns.length} style={{ padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rowAt(item.index);
            if (row === undefined) {
              return (
                <Table.Tr
                  key={`at-${item.index}`}
                  aria-rowindex={item.index + 2}
                  style={{ height: ROW_HEIGHT }}
                >
                  {columns.map((c) => (
                    <Table.Td key={c.key} />
                  ))}
                </Table.Tr>
              );
            }
            return (
              <BodyRow key={rowKey(row)} id={rowKey(row)} row={row} index={item.index} columns={columns} />
            );
          })}
          {padBottom > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing to focus or read
            <tr aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={columns.length} style={{ padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

interface BodyRowProps<R> {
  /** The row's key: the same id at the same position is the same row (the rows of an extract do not change). */
  id: string | number;
  row: R;
  index: number;
  columns: readonly TableColumn<R>[];
}

function BodyRowOf<R>({ row, index, columns }: BodyRowProps<R>) {
  return (
    <Table.Tr aria-rowindex={index + 2} style={{ height: ROW_HEIGHT }}>
      {columns.map((c) => {
        const text = c.text(row);
        return (
          <Table.Td
            key={c.key}
            title={c.kind === 'text' ? text : undefined}
            style={{
              textAlign: c.align ?? 'left',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontVariantNumeric: c.align === 'right' ? 'tabular-nums' : undefined,
            }}
          >
            {c.cell ? c.cell(row) : text}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

// While rows stream in, the table is drawn again with each summary: rows already on screen are not.
const BodyRow = memo(
  BodyRowOf,
  (a, b) => a.id === b.id && a.index === b.index && a.columns === b.columns,
) as typeof BodyRowOf;
