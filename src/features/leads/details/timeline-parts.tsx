import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerQuery } from '#api/system.ts';
import { formatDateTime } from '#components/format.ts';
import { patientName } from '#components/patient-criteria.ts';
import type { HistoryEntry } from '#contract/sales.ts';

/**
 * A patient named by number in the service's text, shown by name and linked to the patient's page. While the name
 * loads, or when the patient cannot be read (deleted, no right to the module), the number stands in.
 */
export function PatientRef({ patid }: { patid: number }) {
  const { t } = useTranslation('leadDetails');
  const patient = useQuery(customerQuery(patid));
  const name = patient.data ? patientName(patient.data) : '';
  return (
    <Anchor component={Link} to={`/patients/${patid}`} size="sm" fw={600}>
      {name || t('linkedBadge', { patid })}
    </Anchor>
  );
}

/**
 * The lead's creation, the first event of every lead, from its `created` date: the service writes no history entry
 * for createLead (the practice's API document names none), so the app shows it.
 */
export function CreationEntry({ created }: { created: string }) {
  const { t } = useTranslation('leadDetails');
  const id = useId();
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-labelledby={id}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs" id={id}>
          <Badge color="teal" variant="light">
            {t('kind.created')}
          </Badge>
          <Text size="sm">{t('timeline.createdText')}</Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(created)}
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * A run of watcher entries as one line ("3 watcher changes"), a button that opens the entries in place. Closed by
 * default: who watches a lead is bookkeeping, not what happened with the person.
 */
export function WatcherGroup({
  entries,
  renderEntry,
}: {
  entries: HistoryEntry[];
  renderEntry: (entry: HistoryEntry) => ReactNode;
}) {
  const { t } = useTranslation('leadDetails');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const first = entries[0];
  const last = entries.at(-1) ?? first;
  const when =
    first.created.slice(0, 10) === last.created.slice(0, 10)
      ? formatDateTime(first.created)
      : `${formatDateTime(last.created)} – ${formatDateTime(first.created)}`;
  return (
    <Stack component="li" gap="xs">
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          leftSection={
            open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
          }
          onClick={() => setOpen((o) => !o)}
        >
          {t('timeline.watchers', { count: entries.length })}
        </Button>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </Group>
      {open && (
        <Stack
          component="ol"
          id={listId}
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('timeline.watchersList')}
        >
          {entries.map((e) => renderEntry(e))}
        </Stack>
      )}
    </Stack>
  );
}
