import { Alert, Badge, Box, Button, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRecallsBroken, modifyRecallMutation } from '#api/recall.ts';
import { errorTitle } from '#components/error-heading.ts';
import { Page } from '#components/page.tsx';
import { usePracticeToday } from '#components/practice-clock.ts';
import {
  describeError,
  EmptyState,
  ErrorState,
  failedWithoutData,
  RefreshFailed,
} from '#components/states.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { type Recall, recallStatuses } from '#contract/recall.ts';
import { RecallFiltersBar } from './components/recall-filters.tsx';
import { RecallFormModal, type RecallFormTarget } from './components/recall-form-modal.tsx';
import { RecallTable, statusColor } from './components/recall-table.tsx';
import { mergeDraft, recallListQuery } from './queries.ts';
import { toDraft } from './recall-form.ts';
import { hasFilters, type RecallView, readFilters, readView, writeFilters, writeView } from './url-state.ts';

/** `/recalls`: getRecalls with the document's filters (in the URL), counts per status, create and edit. */
export function Component() {
  const { t } = useTranslation('recalls');
  const [params, setParams] = useUrlParams();
  const filters = readFilters(params);
  const view = readView(params);
  const today = usePracticeToday();
  const due = view === 'due' && !filters.templates;
  const query = useQuery(recallListQuery(filters, view, today));
  const [target, setTarget] = useState<RecallFormTarget | null>(null);
  // Recall id -> the active state being saved (shown at once, the list follows after the save), and whether it is
  // sent again.
  const [pending, setPending] = useState<ReadonlyMap<number, { active: boolean; again: boolean }>>(new Map());
  const saving = new Map([...pending].map(([id, p]) => [id, p.active]));
  const resending = new Set([...pending].filter(([, p]) => p.again).map(([id]) => id));
  const save = useMutation(modifyRecallMutation(mergeDraft));
  const preset: 0 | 1 = filters.templates ? 1 : 0;

  /**
   * Saves a recall from the list: the complete record (modifyRecall overwrites), read fresh first, with `active`
   * as given. A failure says so; the row shows the state being saved until the answer.
   */
  const saveFromList = (recall: Recall, active: boolean, done?: string) => {
    setPending((s) => new Map(s).set(recall.id, { active, again: done !== undefined }));
    save.mutate(
      { original: recall, draft: { ...toDraft(recall, preset), active }, preset },
      {
        onSuccess: () => {
          if (done) {
            notifications.show({
              closeButtonProps: { 'aria-label': t('close') },
              color: 'green',
              message: done,
            });
          }
        },
        onError: (e) =>
          notifications.show({
            closeButtonProps: { 'aria-label': t('close') },
            color: 'red',
            title: errorTitle(e, t),
            message: describeError(e, t),
          }),
        onSettled: () =>
          setPending((s) => {
            const next = new Map(s);
            next.delete(recall.id);
            return next;
          }),
      },
    );
  };
  const toggleActive = (recall: Recall, active: boolean) => saveFromList(recall, active);
  // Saved again as it is: the service queues a failed recall again (decision 0019).
  const sendAgain = (recall: Recall) =>
    saveFromList(recall, recall.active === 1, t('table.sentAgain', { title: recall.title }));

  const recalls = query.data ?? [];
  const counts = Object.fromEntries(
    recallStatuses.map((s) => [s, recalls.filter((r) => r.status === s).length]),
  ) as Record<(typeof recallStatuses)[number], number>;

  return (
    <Page
      title={t('title')}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setTarget({ kind: 'create', preset, patid: filters.patid })}
        >
          {filters.templates ? t('newTemplate') : t('new')}
        </Button>
      }
    >
      {!filters.templates && (
        <Box style={{ overflowX: 'auto' }}>
          <SegmentedControl
            aria-label={t('views.label')}
            value={view}
            onChange={(v) => setParams((prev) => writeView(v as RecallView, prev))}
            data={(['due', 'all'] as const).map((v) => ({ value: v, label: t(`views.${v}`) }))}
          />
        </Box>
      )}
      <RecallFiltersBar
        filters={filters}
        onChange={(patch) =>
          setParams((prev) => writeFilters({ ...readFilters(prev), ...patch }, prev), { replace: true })
        }
      />
      <Stack gap="sm" component="section" aria-label={t('table.label')}>
        {query.isPending ? (
          <Stack gap="xs" aria-busy>
            <Skeleton height={28} width={320} />
            {[1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Stack>
        ) : failedWithoutData(query) ? (
          isRecallsBroken(query.error) ? (
            <Alert
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              color="orange"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              title={t('broken.title')}
              role="alert"
            >
              <Stack gap="sm" align="flex-start">
                <Text>{t('broken.cause')}</Text>
                <Text>{t('broken.action')}</Text>
                <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
                  {t('broken.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          )
        ) : (
          <>
            <RefreshFailed query={query} />
            <Group gap="xs" aria-live="polite" role="status">
              <Text size="sm" fw={500}>
                {t('counts.total', { count: recalls.length })}
              </Text>
              {recallStatuses.map((s) => (
                <Badge key={s} color={statusColor[s]} variant="dot">
                  {t('labelValue', { ns: 'common', label: t(`status.${s}`), value: counts[s] })}
                </Badge>
              ))}
            </Group>
            {recalls.length === 0 ? (
              <EmptyState
                title={due ? t('empty.due') : hasFilters(filters) ? t('empty.filtered') : t('empty.none')}
                action={
                  due ? (
                    <Button variant="default" onClick={() => setParams((prev) => writeView('all', prev))}>
                      {t('empty.showAll')}
                    </Button>
                  ) : (
                    <Button
                      variant="default"
                      onClick={() => setTarget({ kind: 'create', preset, patid: filters.patid })}
                    >
                      {filters.templates ? t('empty.createTemplate') : t('empty.create')}
                    </Button>
                  )
                }
              />
            ) : (
              <RecallTable
                recalls={recalls}
                templates={filters.templates}
                today={today}
                onEdit={(recall) => setTarget({ kind: 'edit', recall, preset })}
                onToggleActive={toggleActive}
                onSendAgain={sendAgain}
                resending={resending}
                saving={saving}
              />
            )}
          </>
        )}
      </Stack>
      <RecallFormModal target={target} onClose={() => setTarget(null)} />
    </Page>
  );
}
