import { Anchor, Badge, Group, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerQuery } from '#api/system.ts';
import { formatDate } from '#components/format.ts';
import { patientName } from '#components/patient-criteria.ts';

export interface PatientInfo {
  /** `Moser, Daniel`; the number when the record cannot be read; null while it loads. */
  name: string | null;
  dob: string | null;
  deleted: boolean;
}

/** The patient of a row (getCustomerById, cached per patient for all of the app). */
export function usePatient(patid: number): PatientInfo {
  const { t } = useTranslation('today');
  const query = useQuery(customerQuery(patid));
  if (patid <= 0) return { name: t('row.noPatient'), dob: null, deleted: false };
  if (query.data)
    return { name: patientName(query.data), dob: query.data.dob, deleted: query.data.deleted === '1' };
  if (query.isError) return { name: t('row.patientNumber', { patid }), dob: null, deleted: false };
  return { name: null, dob: null, deleted: false };
}

/** Name (a link to the patient's page), birth date, and "deleted" for a deleted record. */
export function PatientLine({ patid, patient }: { patid: number; patient: PatientInfo }) {
  const { t } = useTranslation('today');
  if (patient.name === null)
    return (
      <>
        <Skeleton component="span" display="inline-block" h="0.9em" w="10em" aria-hidden />
        <VisuallyHidden>{t('person.loading', { ns: 'common' })}</VisuallyHidden>
      </>
    );
  return (
    <Group gap={8} wrap="wrap" component="span" style={{ rowGap: 0 }}>
      {patid > 0 ? (
        <Anchor component={Link} to={`/patients/${patid}`} fw={700}>
          {patient.name}
        </Anchor>
      ) : (
        <Text component="span" fw={600} c="dimmed">
          {patient.name}
        </Text>
      )}
      {patient.dob && (
        <Text component="span" size="sm" c="dimmed">
          {t('row.born', { date: formatDate(patient.dob) })}
        </Text>
      )}
      {patient.deleted && (
        <Badge color="gray" variant="outline" size="xs">
          {t('row.deleted')}
        </Badge>
      )}
    </Group>
  );
}
