import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerQuery } from '#api/system.ts';
import { patientName } from '#components/patient-criteria.ts';

/** The slot went to someone else between the choice and the booking. */
export class SlotTaken extends Error {
  constructor() {
    super('The slot was taken meanwhile.');
  }
}

/** The patient's name with their number, the number alone while the name loads. */
export function PatientText({ patid }: { patid: number }) {
  const query = useQuery(customerQuery(patid));
  return <>{query.data ? `${patientName(query.data)} (#${patid})` : `#${patid}`}</>;
}

export function Summary({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <List listStyleType="none" spacing={4}>
      {rows.map(([label, value]) => (
        <List.Item key={label}>
          <Text span fw={600}>
            {label}
          </Text>
          {value !== '' && <Text span>: {value}</Text>}
        </List.Item>
      ))}
    </List>
  );
}

export interface BookedSummaryProps {
  service: string;
  when: string;
  provider: string;
  patid: number;
  booked: number;
  /** The booking's answer was lost and the booking was found in the agenda: said, so nobody books it again. */
  foundAfterLoss?: boolean;
  agendaHref: string;
  onRestart: () => void;
}

/** What was booked, with the way to the agenda and to the next booking. */
export function BookedSummary(props: BookedSummaryProps) {
  const { t } = useTranslation('booking');
  return (
    <Stack>
      <Alert color="green" title={t('done.title')} role="status">
        <Text>{t('done.text', { service: props.service, when: props.when, provider: props.provider })}</Text>
        {props.foundAfterLoss && <Text mt={4}>{t('done.foundAfterLoss')}</Text>}
      </Alert>
      <Summary
        rows={[
          [t('confirm.patient'), <PatientText key="p" patid={props.patid} />],
          [t('done.number', { id: props.booked }), ''],
        ]}
      />
      <Group>
        <Anchor component={Link} to={props.agendaHref}>
          {t('done.toAgenda')}
        </Anchor>
        <Button variant="default" onClick={props.onRestart}>
          {t('nav.restart')}
        </Button>
      </Group>
    </Stack>
  );
}
