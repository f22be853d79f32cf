import { Alert, Button, CloseButton, Group, List, Menu, Paper, Text } from '@mantine/core';
import { IconArrowsExchange, IconChevronDown, IconUser, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkSetFolderMutation } from '#api/sales/lead-writes.ts';
import { folderName } from '#components/codes.ts';
import { lazyPart } from '#components/lazy-part.tsx';
import { describeError } from '#components/states.tsx';
import type { BulkResult, Folder } from '#contract/sales.ts';
import { loadNamespace } from '#i18n/index.ts';

export interface BulkOutcome {
  kind: 'assign' | 'move';
  /** The folder of a move. */
  folder?: string;
  result: BulkResult;
  /** Names of the leads as they were when the action started. */
  names: ReadonlyMap<number, string>;
}

// Loaded when first opened, not with the board.
// The assign dialog's strings are in the namespace `leadDetails`, loaded with it (deferred.tsx).
const BulkAssignDialog = lazyPart(() =>
  Promise.all([import('../dialogs/assign-dialog.tsx'), loadNamespace('leadDetails')]).then(
    ([m]) => m.BulkAssignDialog,
  ),
);

export interface BoardActionBarProps {
  selected: number[];
  /** Where the selection may be moved (the pipeline's folders without 5/15). */
  targets: readonly Folder[];
  onClear: () => void;
  /** The action ran (with skips and errors per lead): the board shows the outcome and clears the selection. */
  onOutcome: (kind: 'assign' | 'move', result: BulkResult, folder?: Folder) => void;
}

/** Shown while cards are selected: assign them (bulkAssign, optionally notifying) or move them (bulkSetFolder). */
export function BoardActionBar({ selected, targets, onClear, onOutcome }: BoardActionBarProps) {
  const { t } = useTranslation('leads');
  const [assigning, setAssigning] = useState(false);
  // Mounted from the first opening on, so that it closes with its transition and gives the focus back.
  const [assignUsed, setAssignUsed] = useState(false);
  const move = useMutation(bulkSetFolderMutation());

  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label={t('bulk.label')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm" role="status">
          {t('bulk.selected', { count: selected.length })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconUser size={14} aria-hidden />}
            onClick={() => {
              setAssignUsed(true);
              setAssigning(true);
            }}
          >
            {t('bulk.assign')}
          </Button>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArrowsExchange size={14} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
                loading={move.isPending}
              >
                {t('bulk.move')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {targets.map((f) => (
                <Menu.Item
                  key={f.folderId}
                  onClick={() =>
                    move.mutate(
                      { leadIds: selected, folderId: f.folderId },
                      { onSuccess: (result) => onOutcome('move', result, f) },
                    )
                  }
                >
                  {folderName(f)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="subtle" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Group>
      </Group>
      {move.isError && (
        <Alert color="red" mt="xs" role="alert" title={t('bulk.moveFailed')}>
          {describeError(move.error, t)}
        </Alert>
      )}
      {assignUsed && (
        <Suspense fallback={null}>
          <BulkAssignDialog
            leadIds={selected}
            opened={assigning}
            onClose={() => setAssigning(false)}
            onDone={(result) => {
              setAssigning(false);
              onOutcome('assign', result);
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}

/** What a bulk action did, lead by lead: how many changed, were skipped and failed, and why. */
export function BulkOutcomeAlert({ outcome, onDismiss }: { outcome: BulkOutcome; onDismiss: () => void }) {
  const { t } = useTranslation('leads');
  const { result, names } = outcome;
  const name = (id: number) => names.get(id) ?? `#${id}`;
  const failed = result.errors.length > 0;
  const title =
    outcome.kind === 'move'
      ? t('bulk.movedSummary', {
          folder: outcome.folder ?? '',
          moved: result.updated,
          skipped: result.skipped.length,
          failed: result.errors.length,
        })
      : t('bulk.assignedSummary', {
          assigned: result.updated,
          skipped: result.skipped.length,
          failed: result.errors.length,
        });
  return (
    <Alert
      color={failed ? 'orange' : 'green'}
      role="status"
      title={title}
      withCloseButton={false}
      data-testid="bulk-outcome"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {result.skipped.length + result.errors.length > 0 ? (
          <List size="sm" spacing={2}>
            {result.skipped.map((s) => (
              <List.Item key={`s${s.leadId}`}>
                {t('bulk.skippedItem', {
                  name: name(s.leadId),
                  reason:
                    s.reason === 'unchanged' || s.reason === 'deleted'
                      ? t(`bulk.reason.${s.reason}.${outcome.kind}`)
                      : s.reason,
                })}
              </List.Item>
            ))}
            {result.errors.map((e) => (
              <List.Item key={`e${e.leadId}`}>
                {t('bulk.failedItem', { name: name(e.leadId), msg: e.msg })}
              </List.Item>
            ))}
          </List>
        ) : (
          <span />
        )}
        <CloseButton aria-label={t('bulk.dismiss')} onClick={onDismiss} />
      </Group>
    </Alert>
  );
}
