import { Anchor, CloseButton, Group, Input, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerQuery } from '#api/system.ts';
import { PatientSearchBox, patientName } from '#components/patient-search.tsx';

export interface PatientFieldProps {
  label: string;
  /** 0 = none chosen. */
  patid: number;
  onChange: (patid: number) => void;
  error?: ReactNode;
  required?: boolean;
  /** The clear button's label. */
  clearLabel: string;
}

/** A chosen patient (name from getCustomerById) with a button to clear it, or the search to choose one. */
export function PatientField({ label, patid, onChange, error, required, clearLabel }: PatientFieldProps) {
  const { t } = useTranslation('recalls');
  const patient = useQuery({ ...customerQuery(patid), enabled: patid > 0 });
  if (patid <= 0) {
    return (
      <PatientSearchBox
        excludeDeleted
        label={label}
        placeholder={t('patient.placeholder')}
        onPick={(p) => onChange(p.patid)}
        error={error}
        required={required}
      />
    );
  }
  const name = patient.data ? patientName(patient.data) : patient.isError ? t('patient.unknown') : '…';
  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <Paper withBorder px="sm" py={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            <Anchor component={Link} to={`/patients/${patid}`}>
              {name}
            </Anchor>{' '}
            <Text span c="dimmed" size="sm">
              #{patid}
            </Text>
          </Text>
          <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange(0)} />
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}
