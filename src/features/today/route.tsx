import { Alert, Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayAppointmentsQuery, isDayAppointment } from '#api/agenda.ts';
import { opMutationKey } from '#api/queries.ts';
import { type DaySection, daySections, useNow } from '#components/day-sections.ts';
import { firstContentMarkedByPage, markFirstContent } from '#components/deferred.tsx';
import { formatDateTime, intlLocale, practiceToday } from '#components/format.ts';
import { GapPanel } from '#components/gaps/deferred.tsx';
import { Page } from '#components/page.tsx';
import { EmptyState, ErrorState, LoadingState } from '#components/states.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { formatNumber } from '#i18n/number.ts';
import { BlockList } from './components/block-list.tsx';
import { DayRow } from './components/day-row.tsx';
import { PrintList } from './components/print-list.tsx';
import { buildDay, bySection, calendarsOf, type TodayRow } from './model.ts';
import { type SetStateVars, useSetState } from './set-state.ts';
import { readStateTimes } from './state-times.ts';
import classes from './today.module.css';
import { readView, type Show, writeView } from './url-state.ts';

function isStateVars(v: unknown): v is SetStateVars {
  return typeof v === 'object' && v !== null && 'appt' in v && 'state' in v;
}

/**
 * The front desk's day: today's appointments of every (or the chosen) calendar in time order, in sections (here,
 * late, expected, done, cancelled / no-show); one click or key per row sets the state. Blocks without a patient
 * (team meeting, phone hour) are listed apart, without states, in none of the counts. Read again every 30 s and
 * on focus (api/agenda.ts liveOptions); printable as the day list.
 */
export function Component() {
  const { t, i18n } = useTranslation('today');
  const [params, setParams] = useUrlParams();
  const view = readView(params);
  const now = useNow();
  const day = practiceToday(new Date(now));
  const query = useQuery(dayAppointmentsQuery(day));
  const [failure, setFailure] = useState<string | null>(null);
  // Today says when its rows (or what stands in their place) are there: the header's and navigation's parts load then.
  firstContentMarkedByPage();
  const answered = !query.isPending;
  useEffect(() => {
    if (answered) markFirstContent();
  }, [answered]);
  const setState = useSetState(day, setFailure);
  const busyIds = useMutationState({
    filters: { mutationKey: opMutationKey('modifyAppointment'), status: 'pending' },
    select: (m) => (isStateVars(m.state.variables) ? m.state.variables.appt.id : null),
  });

  const items = (query.data ?? []).filter(isDayAppointment);
  const { rows, blocks, all } = buildDay(items, now, readStateTimes(), view.cals);
  const sections = bySection(rows);

  // The calendars of the day's appointments, and a chosen one without any today.
  const known = calendarsOf(items);
  const calendars = [
    ...known,
    ...(view.cals ?? [])
      .filter((id) => !known.some((c) => c.calendarid === id))
      .map((id) => ({ calendarid: id, name: t('unnamedCalendar', { id }) })),
  ];
  const chosenNames = calendars
    .filter((c) => view.cals === null || view.cals.includes(c.calendarid))
    .map((c) => c.name);

  const go = (patch: Parameters<typeof writeView>[1]) =>
    setParams((prev) => writeView(prev, patch), { flushSync: true });

  const onSet = (row: TodayRow, action: { state: string }, patient: string) => {
    setFailure(null);
    setState.mutate({ appt: row.appt, state: action.state, patient });
  };

  const heading = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

  const shown: DaySection[] = view.show === 'all' ? [...daySections] : [view.show];

  return (
    <Page
      title={t('title')}
      actions={
        <span className={classes.screenOnly}>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            disabled={!query.data}
          >
            {t('print')}
          </Button>
        </span>
      }
    >
      <div className={classes.screenOnly}>
        <Text fw={600} size="lg">
          {heading}
        </Text>
      </div>

      {query.isPending ? (
        <LoadingState label={t('loading')} />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} title={t('failed')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className={classes.screenOnly}>
            <Stack gap="sm">
              {calendars.length > 1 && (
                <Chip.Group
                  multiple
                  value={(view.cals ?? calendars.map((c) => c.calendarid)).map(String)}
                  onChange={(values) => {
                    const ids = values.map(Number);
                    const all = calendars.every((c) => ids.includes(c.calendarid));
                    go({ cals: all || ids.length === 0 ? null : ids });
                  }}
                >
                  <Group gap="xs" role="group" aria-label={t('calendars')}>
                    {calendars.map((c) => (
                      <Chip key={c.calendarid} value={String(c.calendarid)} size="sm" variant="outline">
                        {c.name}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              )}
              <Chip.Group value={view.show} onChange={(v) => go({ show: v as Show })}>
                <Group gap="xs" role="radiogroup" aria-label={t('show')}>
                  <Chip value="all" size="sm">
                    {t('all')} {formatNumber(rows.length)}
                  </Chip>
                  {daySections.map((s) => (
                    <Chip key={s} value={s} size="sm" color={s === 'late' ? 'red' : undefined}>
                      {t(`section.${s}`)} {formatNumber(sections[s].length)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>

              {failure && (
                <Alert
                  color="red"
                  role="alert"
                  withCloseButton
                  closeButtonLabel={t('dialog.close', { ns: 'common' })}
                  onClose={() => setFailure(null)}
                >
                  {failure}
                </Alert>
              )}

              <GapPanel calendars={view.cals} />

              {rows.length === 0 && blocks.length === 0 ? (
                <EmptyState title={view.cals ? t('emptyCalendars') : t('empty')} />
              ) : rows.length === 0 && view.show === 'all' ? (
                <Text c="dimmed">{t('noPatients')}</Text>
              ) : (
                shown.map((s) =>
                  sections[s].length === 0 ? (
                    view.show === 'all' ? null : (
                      <Text key={s} c="dimmed">
                        {t(`sectionEmpty.${s}`)}
                      </Text>
                    )
                  ) : (
                    <section key={s} aria-labelledby={`today-${s}`}>
                      <Title order={2} size="h4" id={`today-${s}`} mb={6}>
                        {t('sectionHeading', { name: t(`section.${s}`), count: sections[s].length })}
                      </Title>
                      <ul className={classes.list}>
                        {sections[s].map((row) => (
                          <DayRow
                            key={row.appt.id}
                            row={row}
                            busy={busyIds.includes(row.appt.id)}
                            onSet={onSet}
                          />
                        ))}
                      </ul>
                    </section>
                  ),
                )
              )}
              {view.show === 'all' && blocks.length > 0 && <BlockList blocks={blocks} />}
              <Text size="xs" c="dimmed">
                {t('keys')}
              </Text>
            </Stack>
          </div>
          <PrintList
            day={day}
            appointments={all}
            calendars={chosenNames}
            printedAt={formatDateTime(new Date(now))}
          />
        </>
      )}
    </Page>
  );
}
