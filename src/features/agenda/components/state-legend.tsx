import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentStateName } from '#components/codes.ts';
import { STATE_LOOKS } from '../model.ts';
import classes from './agenda.module.css';
import { StateMarker } from './state-marker.tsx';

/** What each state looks like in the grid, one click from the toolbar: a sample block per state. */
export function StateLegend() {
  const { t } = useTranslation('agenda');
  const titleId = useId();
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconInfoCircle size={16} aria-hidden />}>
          {t('legend.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap={6}>
          <Text size="sm" fw={700} id={titleId}>
            {t('legend.title')}
          </Text>
          {STATE_LOOKS.map(({ state, look }) => (
            <Group key={state} gap="sm" wrap="nowrap">
              <div
                className={`${classes.event} ${classes.legendSample}`}
                data-state={look}
                style={{ '--event-color': '#15aabf', '--event-text': '#000000' } as CSSProperties}
                aria-hidden
              >
                <span className={classes.eventHead}>
                  <StateMarker look={look} className={classes.eventMarker} />
                  <span className={classes.eventTime}>14:20</span>
                  <span className={classes.eventName}>Moser D.</span>
                </span>
              </div>
              <Text size="sm">{appointmentStateName(state)}</Text>
            </Group>
          ))}
          <Text size="xs" c="dimmed" maw={260}>
            {t('legend.cancelledNote')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
