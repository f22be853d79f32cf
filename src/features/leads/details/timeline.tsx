import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconNote, IconPlus } from '@tabler/icons-react';
import {
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  completeTaskKey,
  completeTaskMutation,
  type HistoryFilter,
  historyOf,
  leadHistoryQuery,
  type TaskToComplete,
} from '#api/sales.ts';
import { meQuery, useUserName } from '#api/system.ts';
import { formatDateTime } from '#components/format.ts';
import { useMessageWords } from '#components/messages.ts';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { holdForUndo, isUndone } from '#components/undo.tsx';
import type { HistoryEntry, Lead } from '#contract/sales.ts';
import { referenceQuery } from '../shared/queries.ts';
import { historyCategory, historyText } from './history-text.ts';
import { DetailsNoteForm } from './note-form.tsx';
import { markTaskCompleted } from './queries.ts';
import { DetailsTaskForm } from './task-form.tsx';
import { CreationEntry, PatientRef, WatcherGroup } from './timeline-parts.tsx';
import { patientOfEntry, timelineRows } from './timeline-rows.ts';

/** The filter choices of the timeline, as getLeadHistory's `type`: null everything, '' notes and tasks. */
export const timelineFilters = ['all', 'notes', 'S', 'A', 'J', 'OFF'] as const;
export type TimelineFilter = (typeof timelineFilters)[number];

export function historyTypeOf(filter: TimelineFilter): HistoryFilter {
  if (filter === 'all') return null;
  if (filter === 'notes') return '';
  return filter;
}

/** The kind of an entry, for its badge: task, note, or the system type. */
function kindOf(e: HistoryEntry): 'task' | 'note' | 'S' | 'A' | 'J' | 'OFF' | 'other' {
  if (e.task) return 'task';
  if (e.type === '') return 'note';
  if (e.type === 'S' || e.type === 'A' || e.type === 'J' || e.type === 'OFF') return e.type;
  return 'other';
}

// Plain names: the light variant then draws shade-9 text on a pale background (a shade here would fill the
// background with the text's own colour).
const kindColor = {
  task: 'orange',
  note: 'blue',
  S: 'violet',
  A: 'cyan',
  J: 'indigo',
  OFF: 'green',
  other: 'indigo',
};

export function DetailsTimeline({ lead, headingOrder = 3 }: { lead: Lead; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const [filter, setFilter] = useState<TimelineFilter>('all');
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [adding, setAdding] = useState<'note' | 'task' | null>(null);
  const history = useInfiniteQuery(leadHistoryQuery(lead.leadId, historyTypeOf(filter), includeDeleted));
  const entries = history.data?.pages.flatMap((p) => p.items) ?? [];
  const total = history.data?.pages.at(-1)?.pagination.total ?? 0;
  // Everything: watcher entries folded into one line per run, and the lead's creation last (oldest) once the list
  // is complete. A filter shows only what it names.
  const rows = timelineRows(entries, filter === 'all');
  const showCreation = filter === 'all' && !history.hasNextPage && lead.created !== '';
  const entryOf = (e: HistoryEntry) => (
    <TimelineEntry key={e.historyId} entry={e} leadId={lead.leadId} leadDeleted={lead.deleted} />
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="lead-timeline-title">
      <Title order={headingOrder} size="h4" id="lead-timeline-title">
        {t('timeline.title')}
      </Title>

      {lead.deleted ? (
        <Text size="sm" c="dimmed">
          {t('timeline.deletedNoAdd')}
        </Text>
      ) : adding === null ? (
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconNote size={16} aria-hidden />}
            onClick={() => setAdding('note')}
          >
            {t('note.add')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding('task')}
          >
            {t('task.add')}
          </Button>
        </Group>
      ) : (
        <Paper withBorder p="sm" radius="md">
          {adding === 'note' ? (
            <DetailsNoteForm leadId={lead.leadId} onDone={() => setAdding(null)} />
          ) : (
            <DetailsTaskForm leadId={lead.leadId} onDone={() => setAdding(null)} />
          )}
        </Paper>
      )}

      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('timeline.filter')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as TimelineFilter)}
          data={timelineFilters.map((f) => ({ value: f, label: t(`timeline.filters.${f}`) }))}
        />
        <Checkbox
          label={t('timeline.includeDeleted')}
          checked={includeDeleted}
          onChange={(e) => setIncludeDeleted(e.currentTarget.checked)}
          mb={8}
        />
      </Group>

      {history.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('timeline.loading')} role="status">
          <Skeleton height={64} />
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Stack>
      ) : history.isError && entries.length === 0 ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : entries.length === 0 && !showCreation ? (
        <EmptyState title={t('timeline.empty')} description={t('timeline.emptyHint')} />
      ) : (
        <>
          {entries.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('timeline.count', { shown: entries.length, total })}
            </Text>
          )}
          <Stack
            component="ol"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('timeline.list')}
          >
            {rows.map((row) =>
              row.kind === 'entry' ? (
                entryOf(row.entry)
              ) : (
                <WatcherGroup key={row.key} entries={row.entries} renderEntry={entryOf} />
              ),
            )}
            {showCreation && <CreationEntry created={lead.created} />}
          </Stack>
          {history.isFetchNextPageError && (
            <Alert color="red" variant="light" role="alert">
              {words.error(history.error)}
            </Alert>
          )}
          {history.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              {t('timeline.loadMore')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

function TimelineEntry({
  entry,
  leadId,
  leadDeleted,
}: {
  entry: HistoryEntry;
  leadId: number;
  leadDeleted: boolean;
}) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const userName = useUserName();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery()).data;
  const reference = useQuery(referenceQuery()).data;
  const categories = reference?.categories;
  const [failure, setFailure] = useState<string | null>(null);
  const complete = useMutation({
    ...completeTaskMutation<TaskToComplete, { undo: () => void }>({
      hold: () => holdForUndo(t('task.done', { text: entry.text.split('\n')[0] ?? '' })),
      // Optimistic: the task shows as done at once; a refusal puts it back and says why.
      onMutate: async ({ historyId }) => {
        setFailure(null);
        await queryClient.cancelQueries({ queryKey: historyOf(leadId) });
        return { undo: markTaskCompleted(queryClient, leadId, historyId, me?.userid) };
      },
      onError: (error, _task, context) => {
        context?.undo();
        if (!isUndone(error)) setFailure(words.error(error));
      },
    }),
  });

  // A completion held for its Undo (or on its way) shows done even when the history is read again meanwhile.
  const held = useMutationState({
    filters: { mutationKey: completeTaskKey, status: 'pending' },
    select: (m) => (m.state.variables as TaskToComplete | undefined)?.historyId,
  }).includes(entry.historyId);
  const completed = entry.completed || held;

  const kind = kindOf(entry);
  const { text, patid } = patientOfEntry(entry);
  const category = entry.category ? historyCategory(entry.category, categories ?? [], t) : '';
  const titleId = `history-${entry.historyId}`;

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      aria-labelledby={titleId}
      opacity={entry.deleted ? 0.7 : 1}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" id={titleId}>
            <Badge color={kindColor[kind]} variant="light">
              {t(`kind.${kind}`)}
            </Badge>
            {category && (
              <Badge color="gray" variant="light">
                {category}
              </Badge>
            )}
            {entry.deleted && <Badge color="red.9">{t('timeline.deleted')}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            {t('timeline.byWhen', {
              name: userName(entry.createdBy) || t('someone'),
              when: formatDateTime(entry.created),
            })}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {historyText({ ...entry, text }, reference?.folders ?? [], t)}
          {patid !== null && (
            <>
              {' · '}
              {t('timeline.patient')} <PatientRef patid={patid} />
            </>
          )}
        </Text>
        {entry.task && (
          <Group gap="md" wrap="wrap" justify="space-between">
            <Group gap="md" wrap="wrap">
              {completed ? (
                <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                  {t('task.completed')}
                </Badge>
              ) : (
                <Badge color="orange" variant="light">
                  {t('task.open')}
                </Badge>
              )}
              {entry.reminderDate && (
                <Text size="xs">{t('task.reminder', { when: formatDateTime(entry.reminderDate) })}</Text>
              )}
              <Text size="xs">
                {entry.assignedTo
                  ? t('task.assignedTo', { name: userName(entry.assignedTo) })
                  : t('task.unassigned')}
              </Text>
              {/* The service takes priorities 0 to 3 only (MSG.priority). */}
              <Text size="xs">{t(`priority.${(entry.priority ?? 0) as 0 | 1 | 2 | 3}`)}</Text>
              {entry.completed && entry.completedTime && (
                <Text size="xs" c="dimmed">
                  {t('task.completedBy', {
                    name: userName(entry.completedBy) || t('someone'),
                    when: formatDateTime(entry.completedTime),
                  })}
                </Text>
              )}
            </Group>
            {!completed && !entry.deleted && !leadDeleted && (
              <Button
                size="xs"
                variant="light"
                color="green"
                leftSection={<IconCheck size={14} aria-hidden />}
                onClick={() => complete.mutate({ historyId: entry.historyId, leadId })}
                disabled={complete.isPending}
                aria-describedby={titleId}
              >
                {t('task.complete')}
              </Button>
            )}
          </Group>
        )}
        {failure && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            onClose={() => setFailure(null)}
            closeButtonLabel={t('dismiss')}
          >
            {t('task.completeFailed', { msg: failure })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
