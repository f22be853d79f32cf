import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { meQuery } from '#api/system/people.ts';
import { firstContentMarkedByPage } from '#components/deferred.tsx';
import { lazyPart } from '#components/lazy-part.tsx';
import { Page } from '#components/page.tsx';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { ispatientOf, pipelineFolders } from './board/rules.ts';
import { BoardToolbar } from './board/toolbar.tsx';
import { BoardView } from './board/view.tsx';
import { keepReference, referenceQuery } from './shared/queries.ts';
import {
  type BoardParams,
  boardFilterOf,
  PRIVATE_BOARD_PARAMS,
  parseBoardParams,
  withBoardParams,
} from './url-state.ts';

// The drawer's code loads when a lead is first opened on the board (or the address names one).
const LeadDrawer = lazyPart(() => import('./board/drawer.tsx').then((m) => m.LeadDrawer));

/** `/leads`: the lead board of one pipeline, its filters in the address, a lead opened in a drawer. */
export function Component() {
  // The board says when its first cards are there (board/view.tsx); said from the first render of the page, its
  // skeleton included: a busy machine's pause before the first request must not be taken for the end (the
  // deferred parts then loaded before the cards, first-load.spec.ts at 312 KB once).
  firstContentMarkedByPage();
  const { t } = useTranslation('leads');
  const [searchParams, setSearchParams] = useUrlParams({ private: PRIVATE_BOARD_PARAMS });
  const params = parseBoardParams(searchParams);
  // True from the first time a lead is open: the drawer then stays, so that closing plays its transition.
  const [drawerWanted, setDrawerWanted] = useState(params.lead !== null);
  if (params.lead !== null && !drawerWanted) setDrawerWanted(true);
  const me = useQuery({ ...meQuery(), enabled: params.assignee === 'mine' });
  const reference = useQuery(referenceQuery());
  const { data: referenceNow, isFetched, dataUpdatedAt } = reference;
  useEffect(
    () => keepReference({ data: referenceNow, isFetched, dataUpdatedAt }),
    [referenceNow, isFetched, dataUpdatedAt],
  );

  const filter = boardFilterOf(params, me.data?.userid);
  // The same filter keeps the same object, so that the columns do not render again for nothing.
  const filterJson = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by its content
  const stableFilter = useMemo(() => filter, [filterJson]);
  const folders = useMemo(
    () => pipelineFolders(reference.data?.folders ?? [], ispatientOf(params.pipeline)),
    [reference.data, params.pipeline],
  );

  const update = (patch: Partial<BoardParams>, push = false) =>
    setSearchParams((prev) => withBoardParams(prev, patch), { replace: !push });

  return (
    <Page
      title={t('title')}
      actions={
        <Button component={Link} to="/leads/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('newLead')}
        </Button>
      }
    >
      <BoardToolbar params={params} reference={reference.data} onChange={(patch) => update(patch)} />
      {reference.isError ? (
        <ErrorState error={reference.error} onRetry={() => void reference.refetch()} />
      ) : me.isError && params.assignee === 'mine' ? (
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      ) : reference.isPending || stableFilter === null ? (
        <BoardSkeleton label={t('board.loading')} />
      ) : folders.length === 0 ? (
        <EmptyState title={t('board.noFolders')} />
      ) : (
        <BoardView
          folders={folders}
          filter={stableFilter}
          reference={reference.data}
          onOpen={(leadId) => update({ lead: leadId }, true)}
        />
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <LeadDrawer leadId={params.lead} onClose={() => update({ lead: null })} />
        </Suspense>
      )}
    </Page>
  );
}

function BoardSkeleton({ label }: { label: string }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" aria-busy="true" aria-label={label} role="status">
      {[0, 1, 2, 3, 4].map((i) => (
        <Stack key={i} gap="xs" w={288}>
          <Skeleton height={36} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ))}
    </Group>
  );
}
