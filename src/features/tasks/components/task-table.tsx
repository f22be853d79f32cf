import { ActionIcon, Anchor, Box, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '#components/format.ts';
import type { TaskRow } from '#contract/sales.ts';
import classes from '../tasks.module.css';
import { reminderState } from '../url-state.ts';

export interface TaskTableProps {
  rows: readonly TaskRow[];
  /** Open tasks can be completed; completed ones show when they were. */
  open: boolean;
  today: string;
  userName: (userid: number | null) => string;
  onComplete: (row: TaskRow) => void;
  onOpenLead: (leadId: number) => void;
}

export function taskLeadName(row: Pick<TaskRow, 'lastname' | 'firstname'>): string {
  return [row.lastname, row.firstname].filter((s) => s.trim() !== '').join(' ');
}

/**
 * The inbox's rows. One row is in the tab order at a time (roving focus): arrow keys, Home and End move, C or
 * Space completes, Enter opens the lead. A completed row hands the focus to the next one.
 */
export function TaskTable({ rows, open, today, userName, onComplete, onOpenLead }: TaskTableProps) {
  const { t } = useTranslation('tasks');
  const hintId = useId();
  const [activeId, setActiveId] = useState<number | null>(null);
  const rowEls = useRef(new Map<number, HTMLTableRowElement>());
  // The row to focus once a completed one has left the list.
  const focusNext = useRef<number | null>(null);

  const active = rows.some((r) => r.historyId === activeId) ? activeId : (rows[0]?.historyId ?? null);

  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    const el = rowEls.current.get(next);
    if (el) {
      focusNext.current = null;
      el.focus();
    } else if (!rows.some((r) => r.historyId === next)) {
      focusNext.current = null;
    }
  }, [rows]);

  const focusAt = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setActiveId(row.historyId);
    rowEls.current.get(row.historyId)?.focus();
  };

  const complete = (row: TaskRow, index: number, keepFocus: boolean) => {
    if (!open) return;
    if (keepFocus) {
      const neighbour = rows[index + 1] ?? rows[index - 1];
      focusNext.current = neighbour?.historyId ?? null;
      if (neighbour) setActiveId(neighbour.historyId);
    }
    onComplete(row);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, row: TaskRow, index: number) => {
    // Keys typed into the row's Done button or link keep their own meaning.
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    switch (e.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(rows.length - 1);
        break;
      case 'Enter':
        onOpenLead(row.leadId);
        break;
      case ' ':
      case 'c':
      case 'C':
        complete(row, index, true);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover verticalSpacing="xs" aria-label={t('list.label')} aria-describedby={hintId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64} className={classes.nowrap}>
                {t('list.columns.done')}
              </Table.Th>
              <Table.Th>{t('list.columns.lead')}</Table.Th>
              <Table.Th>{t('list.columns.text')}</Table.Th>
              {/* On a phone the reminder goes under the lead's name, where it is seen without scrolling sideways. */}
              <Table.Th visibleFrom="sm" className={classes.nowrap}>
                {open ? t('list.columns.reminder') : t('list.columns.completed')}
              </Table.Th>
              {/* Short columns keep their words whole; the lead and the text take what is left (a long name wraps). */}
              <Table.Th className={classes.nowrap}>{t('list.columns.assignee')}</Table.Th>
              <Table.Th className={classes.nowrap}>{t('list.columns.priority')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const isActive = row.historyId === active;
              const state = reminderState(row.reminderDate, today);
              const name = taskLeadName(row) || t('list.unnamed', { id: row.leadId });
              return (
                <Table.Tr
                  key={row.historyId}
                  ref={(el) => {
                    if (el) rowEls.current.set(row.historyId, el);
                    else rowEls.current.delete(row.historyId);
                  }}
                  tabIndex={isActive ? 0 : -1}
                  className={`${classes.row} ${open && state === 'today' ? classes.today : ''}`}
                  data-task-id={row.historyId}
                  onFocus={() => setActiveId(row.historyId)}
                  onKeyDown={(e) => onKeyDown(e, row, index)}
                >
                  <Table.Td>
                    {open ? (
                      // A round button with a check that says "done" (a square box read as selecting the row).
                      <Tooltip label={t('list.completeShort')} openDelay={300}>
                        <ActionIcon
                          variant="outline"
                          color="green"
                          radius="xl"
                          size="md"
                          className={classes.complete}
                          aria-label={t('list.complete', { text: row.text })}
                          tabIndex={isActive ? 0 : -1}
                          onClick={() => complete(row, index, true)}
                        >
                          <IconCheck size={16} stroke={2.2} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      <IconCircleCheck
                        size={20}
                        stroke={1.6}
                        color="var(--mantine-color-green-8)"
                        aria-label={t('list.completedMark')}
                        role="img"
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/leads/${row.leadId}`} tabIndex={isActive ? 0 : -1}>
                      {name}
                    </Anchor>
                    <Box hiddenFrom="sm" fz="sm" mt={2} className={classes.nowrap}>
                      {open ? (
                        <Reminder at={row.reminderDate} state={state} />
                      ) : (
                        formatDateTime(row.completedTime)
                      )}
                    </Box>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {row.text}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap} visibleFrom="sm">
                    {open ? (
                      <Reminder at={row.reminderDate} state={state} />
                    ) : (
                      formatDateTime(row.completedTime)
                    )}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {userName(row.assignedTo) || t('list.nobody')}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{t(`priority.${priorityKey(row.priority)}`)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text id={hintId} size="xs" c="dimmed">
        {t('list.keyboard')}
      </Text>
    </>
  );
}

function priorityKey(p: number): '0' | '1' | '2' | '3' {
  return p >= 3 ? '3' : p <= 0 ? '0' : (String(p) as '1' | '2');
}

function Reminder({ at, state }: { at: string | null; state: ReturnType<typeof reminderState> }) {
  const { t } = useTranslation('tasks');
  if (state === 'none') {
    return (
      <Text size="sm" c="dimmed">
        {t('list.noReminder')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        size="sm"
        className={state === 'overdue' ? classes.overdue : undefined}
        fw={state === 'today' ? 600 : undefined}
      >
        {formatDateTime(at)}
      </Text>
      {state === 'overdue' && (
        <Text size="xs" className={classes.overdue}>
          {t('list.overdue')}
        </Text>
      )}
      {state === 'today' && (
        <Text size="xs" fw={600}>
          {t('list.today')}
        </Text>
      )}
    </Group>
  );
}
