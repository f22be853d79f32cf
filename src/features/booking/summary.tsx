import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { patientName } from '../../components/patient-search.tsx';
import { customerQuery } from './queries.ts';

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
