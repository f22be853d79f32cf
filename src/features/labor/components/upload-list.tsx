import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconClock,
  IconCopyCheck,
  IconFileText,
  IconLoader2,
  IconRefresh,
  IconTrash,
  IconUserExclamation,
  IconUserPlus,
  IconUserQuestion,
  IconUserSearch,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#components/format.ts';
import { describeError, EmptyState } from '#components/states.tsx';
import { laborMeaning } from '#contract/labor-meaning.ts';
import { answerText } from '../answer-text.ts';
import { baseName, formatFileSize } from '../checks.ts';
import type { Identity } from '../identify.ts';
import { canRetry, type UploadItem, type UploadPhase } from '../upload-store.ts';

const phaseIcon: Record<UploadPhase, ReactNode> = {
  invalid: <IconBan size={18} color="var(--mantine-color-gray-7)" aria-hidden />,
  waiting: <IconClock size={18} color="var(--mantine-color-gray-7)" aria-hidden />,
  checking: <IconUserSearch size={18} color="var(--mantine-color-indigo-7)" aria-hidden />,
  unknownPatient: <IconUserQuestion size={18} color="var(--mantine-color-orange-9)" aria-hidden />,
  mismatch: <IconUserExclamation size={18} color="var(--mantine-color-red-8)" aria-hidden />,
  reading: <IconFileText size={18} color="var(--mantine-color-indigo-7)" aria-hidden />,
  sending: <IconLoader2 size={18} color="var(--mantine-color-indigo-7)" aria-hidden />,
  accepted: <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />,
  alreadyUploaded: <IconCopyCheck size={18} color="var(--mantine-color-blue-8)" aria-hidden />,
  refused: <IconX size={18} color="var(--mantine-color-red-8)" aria-hidden />,
  failed: <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-hidden />,
};

export interface UploadListProps {
  items: readonly UploadItem[];
  /** "Create the patient" for a held message whose patient the practice does not know. */
  onCreatePatient: (item: UploadItem) => void;
  onRetry: (id: number) => void;
  onRemove: (id: number) => void;
  onRetryAll: () => void;
  onClearFinished: () => void;
}

/** The session's uploads: each file's phase, its progress and the service's answer; retry and remove. */
export function UploadList({
  items,
  onCreatePatient,
  onRetry,
  onRemove,
  onRetryAll,
  onClearFinished,
}: UploadListProps) {
  const { t } = useTranslation('labor');
  const count = (phases: UploadPhase[]) => items.filter((i) => phases.includes(i.phase)).length;
  const accepted = count(['accepted']);
  const already = count(['alreadyUploaded']);
  const refused = count(['refused', 'failed', 'unknownPatient', 'mismatch']);
  const pending = count(['waiting', 'checking', 'reading', 'sending']);
  const retryable = items.filter(canRetry).length;
  // A PDF report belongs to the HL7 message of the same base name: it names the same patient.
  const identities = new Map<string, { identity: Identity; file: string }>();
  for (const i of items)
    if (i.kind === 'hl7' && i.identity)
      identities.set(baseName(i.name).toLowerCase(), { identity: i.identity, file: i.name });
  const invalid = count(['invalid']);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text component="h2" fw={650} size="lg">
          {t('list.title')}
        </Text>
        <Group gap="xs">
          {retryable > 0 && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={onRetryAll}
            >
              {t('list.retryAll')}
            </Button>
          )}
          {accepted + already + invalid > 0 && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onClearFinished}
            >
              {t('list.clearFinished')}
            </Button>
          )}
        </Group>
      </Group>
      <Text role="status" aria-live="polite" size="sm" data-testid="upload-summary">
        {items.length === 0
          ? ''
          : // One part per count, each with its own plural (French and Italian: "1 accepté", "2 acceptés").
            [
              t('list.summary.accepted', { count: accepted }),
              ...(already > 0 ? [t('list.summary.already', { count: already })] : []),
              t('list.summary.refused', { count: refused }),
              t('list.summary.pending', { count: pending }),
              t('list.summary.invalid', { count: invalid }),
            ].join(', ')}
      </Text>
      {items.length === 0 ? (
        <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />
      ) : (
        // File and status first: on a phone the answer is on screen, the patient one swipe away.
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Caption>{t('list.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('list.file')}</Table.Th>
                <Table.Th scope="col">{t('list.status')}</Table.Th>
                <Table.Th scope="col">{t('list.patient')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <UploadRow
                  key={item.id}
                  item={item}
                  pair={item.kind === 'pdf' ? identities.get(baseName(item.name).toLowerCase()) : undefined}
                  onRetry={onRetry}
                  onRemove={onRemove}
                  onCreatePatient={onCreatePatient}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function UploadRow({
  item,
  pair,
  onRetry,
  onRemove,
  onCreatePatient,
}: {
  item: UploadItem;
  /** For a PDF: the HL7 message of the same base name in this list, and whose it is. */
  pair?: { identity: Identity; file: string };
  onRetry: (id: number) => void;
  onRemove: (id: number) => void;
  onCreatePatient: (item: UploadItem) => void;
}) {
  const { t } = useTranslation('labor');
  const busy = item.phase === 'checking' || item.phase === 'reading' || item.phase === 'sending';
  const retry = canRetry(item);
  const held = item.phase === 'unknownPatient' || item.phase === 'mismatch';

  return (
    <Table.Tr data-phase={item.phase}>
      <Table.Th scope="row" fw={500} miw={140}>
        <FileName name={item.name} />
        <Text size="xs" c="dimmed" fw={400}>
          {t(`kind.${item.kind ?? 'other'}`)} · {formatFileSize(item.size)}
        </Text>
      </Table.Th>
      <Table.Td miw={220}>
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            {phaseIcon[item.phase]}
            <Text size="sm" fw={500}>
              {t(`phase.${item.phase}`)}
            </Text>
          </Group>
          {item.phase === 'reading' && (
            <Progress
              value={Math.round(item.readProgress * 100)}
              size="sm"
              aria-label={t('readProgress', {
                name: item.name,
                percent: Math.round(item.readProgress * 100),
              })}
            />
          )}
          {item.phase === 'sending' && (
            <Progress
              value={100}
              striped
              animated
              size="sm"
              aria-label={t('sendProgress', { name: item.name })}
            />
          )}
          <Answer item={item} />
          {retry && (
            // Beside the answer that says "try again", so that it is on screen with it.
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => onRetry(item.id)}
              aria-label={
                held
                  ? t('list.checkAgainLabel', { name: item.name })
                  : t('list.retryLabel', { name: item.name })
              }
              style={{ alignSelf: 'flex-start' }}
            >
              {held ? t('list.checkAgain') : t('list.retry')}
            </Button>
          )}
        </Stack>
      </Table.Td>
      <Table.Td miw={220}>
        {item.identity ? (
          <PatientCell
            identity={item.identity}
            accepted={item.phase === 'accepted'}
            onCreate={item.phase === 'unknownPatient' ? () => onCreatePatient(item) : undefined}
          />
        ) : pair ? (
          <Stack gap={2}>
            <PatientCell identity={pair.identity} accepted={item.phase === 'accepted'} />
            <Text size="xs" c="dimmed">
              {t('identity.fromMessage', { file: pair.file })}
            </Text>
          </Stack>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {!busy && (
            <Tooltip label={t('list.remove')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => onRemove(item.id)}
                aria-label={t('list.removeLabel', { name: item.name })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Answer({ item }: { item: UploadItem }) {
  const { t } = useTranslation('labor');
  if (item.phase === 'invalid') {
    return (
      <Stack gap={2}>
        {item.problems.map((p) => (
          <Text key={p} size="sm" c="red.9">
            {t(`problem.${p}`)}
          </Text>
        ))}
        <Text size="sm">{t('list.notSent')}</Text>
      </Stack>
    );
  }
  if (item.status !== undefined) {
    const answer = { status: item.status, msg: item.msg ?? '' };
    const meaning = laborMeaning(answer);
    const trouble = item.phase === 'refused' || item.phase === 'failed';
    return (
      <Stack gap={2}>
        <Text size="sm" c={trouble ? 'red.9' : undefined} data-meaning={meaning ?? 'unknown'}>
          {answerText(answer, t)}
        </Text>
        {meaning === null && (
          // What the service said, for whoever looks into it: a message this app has no words for.
          <Text size="xs" c="dimmed">
            {t('answer.detail', { msg: answer.msg })}
          </Text>
        )}
        {canRetry(item) && (
          <Text size="xs" c="dimmed">
            {t('list.keptUntilDone')}
          </Text>
        )}
      </Stack>
    );
  }
  if (item.phase === 'failed' && item.error !== undefined) {
    return (
      <Stack gap={2}>
        <Text size="sm" c="red.9">
          {describeError(item.error, t)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('list.keptUntilDone')}
        </Text>
      </Stack>
    );
  }
  return null;
}

/**
 * A file name that may break after its separators (`-`, `_`, `.`) rather than inside a word (`9001.h` over `l7`).
 * Only a part too long for any column (a long run without separators) may break anywhere, as a last resort.
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[-_.])/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in their fixed order
        <span key={i} style={part.length > LONGEST_WHOLE_PART ? { overflowWrap: 'anywhere' } : undefined}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </span>
      ))}
    </>
  );
}

/** Characters of a name's part that still fit a narrow file column whole (about 140 px at 14 px). */
const LONGEST_WHOLE_PART = 16;

const fullName = (p: { lastname: string; firstname: string }) => `${p.lastname} ${p.firstname}`.trim();

/** Whose result the file is (as the message says) and whom the practice has for it: the journal, or how to go on. */
function PatientCell({
  identity,
  accepted,
  onCreate,
}: {
  identity: Identity;
  accepted: boolean;
  /** Offered for a held message whose patient the practice does not know. */
  onCreate?: () => void;
}) {
  const { t } = useTranslation('labor');
  const { pid, patient, mismatch } = identity;
  const name = fullName(pid) || '—';
  const dob = pid.dob ? formatDate(pid.dob) : '—';
  if (mismatch) {
    const theirs = fullName(mismatch);
    return (
      <Stack gap={4}>
        <Text size="sm" c="red.9" fw={600} role="note">
          {t('identity.mismatch', {
            patid: mismatch.patid,
            known: theirs,
            knownDob: mismatch.dob ? formatDate(mismatch.dob) : '—',
            name,
            dob,
          })}
        </Text>
        <Text size="sm">{t('identity.mismatchWhatToDo')}</Text>
        <Anchor component={Link} to={`/patients/${mismatch.patid}`} size="sm">
          {t('identity.openRecord', { name: theirs, patid: mismatch.patid })}
        </Anchor>
      </Stack>
    );
  }
  if (patient) {
    const known = fullName(patient);
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {t('identity.known', { name: known, patid: patient.patid })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('identity.whose', { name, dob })}
        </Text>
        {accepted && (
          <Anchor component={Link} to={`/patients/${patient.patid}?tab=journal`} size="sm">
            {t('identity.journal', { name: known })}
          </Anchor>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" c="red.9" role="note">
        {pid.patientId
          ? t('identity.unknown', { patid: pid.patientId, name, dob })
          : t('identity.unknownNoNumber', { name, dob })}
      </Text>
      {onCreate && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserPlus size={14} aria-hidden />}
          onClick={onCreate}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('identity.create')}
        </Button>
      )}
    </Stack>
  );
}
