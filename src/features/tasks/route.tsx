import { Box, Button, Group, Pagination, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { completeTaskKey } from '#api/sales.ts';
import { meQuery, usersQuery, useUserName } from '#api/system.ts';
import { useMessageWords } from '#components/messages.ts';
import { Page } from '#components/page.tsx';
import { usePracticeToday } from '#components/practice-clock.ts';
import { EmptyState, ErrorState, failedWithoutData, RefreshFailed } from '#components/states.tsx';
import { holdForUndo } from '#components/undo.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import type { TaskRow } from '#contract/sales.ts';
import { NewTaskModal } from './components/new-task-modal.tsx';
import { TaskFilters } from './components/task-filters.tsx';
import { TaskTable } from './components/task-table.tsx';
import { completeFromInboxMutation, inboxQuery } from './queries.ts';
import {
  hasFilters,
  isOpenPreset,
  PAGE_SIZE,
  type Preset,
  presets,
  readView,
  type TasksView,
  toTasksInput,
  withPreset,
  writeView,
} from './url-state.ts';

/** `/tasks`: the task inbox. Presets, filters, order and page live in the URL. */
export function Component() {
  const { t } = useTranslation('tasks');
  const [params, setParams] = useUrlParams();
  const view = readView(params);
  const navigate = useNavigate();
  const today = usePracticeToday();
  const me = useQuery(meQuery());
  const users = useQuery(usersQuery()).data ?? [];
  const name = useUserName();
  const [creating, setCreating] = useState(false);
  const myId = me.data?.userid ?? 0;
  const input = toTasksInput(view, myId, today);
  const query = useQuery({ ...inboxQuery(input), enabled: me.data !== undefined });
  const open = isOpenPreset(view.preset);

  const words = useMessageWords();

  const complete = useMutation(
    completeFromInboxMutation({
      hold: (row) => holdForUndo(t('complete.done', { text: row.text })),
      onRefused: (error, row) =>
        notifications.show({
          color: 'red',
          title: t('complete.failedTitle'),
          message: t('complete.failed', { text: row.text, msg: words.error(error) }),
        }),
    }),
  );
  // Tasks being completed stay out of open lists even when a list arrives before the service has them done.
  const completing = useMutationState({
    filters: { mutationKey: completeTaskKey, status: 'pending' },
    select: (m) => (m.state.variables as TaskRow | undefined)?.historyId,
  });

  // On the address as last written, not this render's view: two quick changes both stay (like stats, e6a134f).
  const change = (update: (v: TasksView) => TasksView, push = false) =>
    setParams((prev) => writeView(update(readView(prev))), { replace: !push });

  const data = query.data;
  const rows = useMemo(() => {
    const items = data?.items ?? [];
    if (!open || completing.length === 0) return items;
    const hidden = new Set(completing);
    return items.filter((r) => !hidden.has(r.historyId));
  }, [data, open, completing]);
  const total = data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  // A page that no longer exists (its last task was completed): to the last one there is.
  useEffect(() => {
    if (data && data.items.length === 0 && total > 0 && view.page > pages) {
      setParams((prev) => writeView({ ...readView(prev), page: pages }), { replace: true });
    }
  }, [data, total, pages, view, setParams]);

  // A list a refetch could not renew stays as last loaded (RefreshFailed above it); the error only without one.
  const error = me.error ?? (failedWithoutData(query) ? query.error : null);
  const first = (view.page - 1) * PAGE_SIZE + 1;

  return (
    <Page
      title={t('title')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('new')}
        </Button>
      }
    >
      <Box style={{ overflowX: 'auto' }}>
        <SegmentedControl
          aria-label={t('presets.label')}
          value={view.preset}
          onChange={(p) => change((v) => withPreset(v, p as Preset), true)}
          data={presets.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
        />
      </Box>
      <TaskFilters view={view} me={myId} users={users} onChange={(u) => change(u)} />
      <Stack
        gap="sm"
        component="section"
        aria-label={t('list.label')}
        aria-busy={query.isFetching || query.isPlaceholderData}
      >
        {error ? (
          <ErrorState error={error} onRetry={() => void (me.error ? me.refetch() : query.refetch())} />
        ) : !data ? (
          <Stack gap="xs" role="status" aria-label={t('list.loading')}>
            <Skeleton height={24} width={200} />
            {[1, 2, 3, 4, 5, 6].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Stack>
        ) : (
          <>
            <RefreshFailed query={query} />
            <Group gap="md" justify="space-between">
              <Text fw={500} role="status" aria-live="polite" data-testid="task-total">
                {t('list.total', { count: total })}
              </Text>
              {total > PAGE_SIZE && (
                <Text size="sm" c="dimmed">
                  {t('list.range', {
                    from: Math.min(first, total),
                    to: Math.min(first + PAGE_SIZE - 1, total),
                    total,
                  })}
                </Text>
              )}
            </Group>
            {rows.length === 0 ? (
              <EmptyState
                title={hasFilters(view) ? t('empty.filtered') : t(`empty.${view.preset}`)}
                action={
                  <Button variant="default" onClick={() => setCreating(true)}>
                    {t('new')}
                  </Button>
                }
              />
            ) : (
              <TaskTable
                rows={rows}
                open={open}
                today={today}
                userName={name}
                onComplete={(row) => complete.mutate(row)}
                onOpenLead={(leadId) => void navigate(`/leads/${leadId}`)}
              />
            )}
            {pages > 1 && (
              <Box component="nav" aria-label={t('list.pages')}>
                <Pagination
                  total={pages}
                  value={Math.min(view.page, pages)}
                  onChange={(page) => change((v) => ({ ...v, page }), true)}
                  withEdges
                  getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
                  getControlProps={(control) => ({ 'aria-label': t(`list.${control}`) })}
                />
              </Box>
            )}
          </>
        )}
      </Stack>
      <NewTaskModal opened={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}
