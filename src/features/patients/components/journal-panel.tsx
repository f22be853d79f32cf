import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconExternalLink, IconPaperclip } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentQuery, HISTORY_LIMIT, patientHistoryQuery } from '#api/hx.ts';
import { errorTitle } from '#components/error-heading.ts';
import { searchTextRefusal } from '#components/field-rules.ts';
import { formatDateTime } from '#components/format.ts';
import {
  describeError,
  EmptyState,
  ErrorState,
  failedWithoutData,
  RefreshFailed,
} from '#components/states.tsx';
import type { Attachment, PatientHistoryEntry } from '#contract/hx.ts';
import { deliverAttachment, formatSize } from '../attachments.ts';

/** Categories the practice uses; the list grows with those seen in the journal. */
const knownCategories = ['Konsultation', 'Labor', 'Diagnose', 'Rezept', 'Bericht'];

/** The patient's history (getPatientHistory), newest first, with filters; the newest 50 unless "load all". */
export function JournalPanel({ patid }: { patid: number }) {
  const { t } = useTranslation('patients');
  const [category, setCategory] = useState('');
  const [text, setText] = useState('');
  const [teaser, setTeaser] = useState('');
  const [all, setAll] = useState(false);
  // Debounced as one string: an object would be new on every render.
  const [filterKey] = useDebouncedValue(JSON.stringify({ category, text, teaser }), 300);
  const filter = JSON.parse(filterKey) as { category: string; text: string; teaser: string };
  // A filter text longer than the service searches by is said at its field; the last answer stays meanwhile.
  const tooLong = Object.values(filter).some((v) => searchTextRefusal(v));
  const query = useQuery({
    ...patientHistoryQuery(patid, { ...filter, all }),
    placeholderData: keepPreviousData,
    enabled: !tooLong,
  });
  const entries = query.data ?? [];
  const categories = [
    ...new Set([...knownCategories, ...entries.map((e) => e.category).filter(Boolean)]),
  ].sort();
  const filtered = filter.category || filter.text || filter.teaser;

  return (
    <Stack gap="md">
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="sm"
        component="fieldset"
        style={{ border: 0, padding: 0 }}
      >
        <Autocomplete
          label={t('journal.category')}
          description={t('journal.categoryHint')}
          data={categories}
          value={category}
          onChange={setCategory}
          error={searchTextRefusal(category)}
          clearable
        />
        <TextInput
          label={t('journal.text')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={searchTextRefusal(text)}
          description={t('journal.containsHint')}
        />
        <TextInput
          label={t('journal.teaser')}
          value={teaser}
          onChange={(e) => setTeaser(e.currentTarget.value)}
          error={searchTextRefusal(teaser)}
          description={t('journal.containsHint')}
        />
      </SimpleGrid>
      <RefreshFailed query={query} />
      {query.isPending ? (
        <Stack gap="sm" aria-busy>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={72} />
          ))}
        </Stack>
      ) : failedWithoutData(query) ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? t('journal.noneFiltered') : t('journal.none')} />
      ) : (
        <Stack gap="sm" aria-busy={query.isFetching}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {all || entries.length < HISTORY_LIMIT
              ? t('journal.countAll', { count: entries.length })
              : t('journal.countNewest', { count: entries.length })}
          </Text>
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {entries.map((e) => (
              <JournalEntry key={e.historyid} entry={e} />
            ))}
          </Stack>
        </Stack>
      )}
      {!all && entries.length >= HISTORY_LIMIT && (
        <Alert
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          color="blue"
          variant="light"
          title={t('journal.limited', { count: HISTORY_LIMIT })}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('journal.loadAllNote')}</Text>
            <Button variant="default" size="xs" onClick={() => setAll(true)} loading={query.isFetching}>
              {t('journal.loadAll')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function JournalEntry({ entry }: { entry: PatientHistoryEntry }) {
  const { t } = useTranslation('patients');
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} component="span">
            {formatDateTime(entry.date)}
          </Text>
          <Badge variant="light">{entry.category || t('journal.noCategory')}</Badge>
          {entry.author && (
            <Text size="sm" c="dimmed" component="span">
              {entry.author}
            </Text>
          )}
        </Group>
        {entry.teaser && (
          <Text size="sm" c="dimmed" component="span">
            {t('labelValue', { ns: 'common', label: t('journal.teaserShort'), value: entry.teaser })}
          </Text>
        )}
      </Group>
      {entry.text && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {entry.text}
        </Text>
      )}
      {entry.attachments.length > 0 && (
        <Stack gap={4} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entry.attachments.map((a) => (
            <AttachmentRow key={a.md5} attachment={a} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function AttachmentRow({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'open' | 'download' | null>(null);

  const get = async (mode: 'open' | 'download') => {
    // Opened now, in the click: a window opened after the download would be stopped as a popup.
    const target = mode === 'open' ? window.open('', '_blank') : null;
    setBusy(mode);
    try {
      const file = await queryClient.fetchQuery(attachmentQuery(attachment.md5));
      deliverAttachment(file, mode === 'open' ? target : null);
      if (mode === 'open' && !target) {
        notifications.show({
          closeButtonProps: { 'aria-label': t('close') },
          color: 'yellow',
          message: t('journal.popupBlocked'),
        });
      }
    } catch (e) {
      target?.close();
      notifications.show({
        closeButtonProps: { 'aria-label': t('close') },
        color: 'red',
        title: errorTitle(e, t),
        message: describeError(e, t),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group component="li" gap="xs" wrap="wrap">
      <IconPaperclip size={16} aria-hidden />
      <Text size="sm">{attachment.file}</Text>
      <Text size="sm" c="dimmed">
        ({formatSize(attachment.size)})
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        onClick={() => void get('open')}
        loading={busy === 'open'}
        aria-label={t('journal.openFile', { file: attachment.file })}
      >
        {t('journal.open')}
      </Button>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => void get('download')}
        loading={busy === 'download'}
        aria-label={t('journal.downloadFile', { file: attachment.file })}
      >
        {t('journal.download')}
      </Button>
    </Group>
  );
}
