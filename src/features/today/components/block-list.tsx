import { ActionIcon, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DayAppointment } from '#api/agenda.ts';
import { agendaHref } from '../model.ts';
import classes from '../today.module.css';

/**
 * The day's blocks without a patient (team meeting, phone hour, administration): time, text and calendar, the
 * agenda one click away. Apart from the patients: nobody arrives or is late, so no state buttons, and they are in
 * none of the day's counts. Not rows of the patients' list (no `data-today-row`): ↑ ↓ and the keys 1-5 skip them.
 */
export function BlockList({ blocks }: { blocks: readonly DayAppointment[] }) {
  const { t } = useTranslation('today');
  return (
    <section aria-labelledby="today-blocks">
      <Title order={2} size="h4" id="today-blocks" mb={2}>
        {t('blocks.title')}
      </Title>
      <Text size="sm" c="dimmed" mb={6}>
        {t('blocks.hint')}
      </Text>
      <ul className={classes.blocks}>
        {blocks.map((appt) => (
          <li key={appt.id} className={classes.block} data-block-id={appt.id}>
            <span className={classes.blockTime}>
              {appt.date.slice(11, 16)}–{appt.end.slice(11, 16)}
            </span>
            <Text size="sm" component="span" className={classes.blockText}>
              <Text component="span" size="sm" fw={600}>
                {appt.appointment || t('row.noText')}
              </Text>
              <Text component="span" size="sm" c="dimmed">
                {' · '}
                {appt.calendar}
                {appt.comment && ` · ${appt.comment}`}
              </Text>
            </Text>
            <ActionIcon
              component={Link}
              to={agendaHref(appt)}
              variant="subtle"
              size="md"
              className={classes.blockLink}
              aria-label={t('blocks.inAgenda', {
                time: appt.date.slice(11, 16),
                text: appt.appointment || t('row.noText'),
              })}
              title={t('row.inAgenda')}
            >
              <IconCalendarEvent size={18} aria-hidden />
            </ActionIcon>
          </li>
        ))}
      </ul>
    </section>
  );
}
