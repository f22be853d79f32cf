import { Skeleton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { providerLabel } from '#api/name-format.ts';
import { allProvidersQuery, customerQuery } from '#api/system.ts';

/** True once the element has been on screen (at once where the browser cannot tell). */
export function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

/**
 * A patient's name (`Muster, Anna`) where a list has only the number: fetched when the row comes on screen,
 * cached per patient, a placeholder while it loads, the number where the patient cannot be read.
 */
export function PatientName({ patid }: { patid: number }) {
  const { t } = useTranslation('common');
  const { ref, seen } = useSeen<HTMLSpanElement>();
  const query = useQuery({ ...customerQuery(patid), enabled: patid > 0 && seen });
  let text: string | null;
  if (patid <= 0) text = t('person.noPatient');
  else if (query.data) text = [query.data.lastname, query.data.firstname].filter(Boolean).join(', ');
  else if (query.isError) text = t('person.patientNo', { id: patid });
  else text = null;
  return (
    <span ref={ref} data-patid={patid}>
      {text ?? (
        <>
          <Skeleton component="span" display="inline-block" h="0.9em" w="8em" aria-hidden />
          <VisuallyHidden>{t('person.loading')}</VisuallyHidden>
        </>
      )}
    </span>
  );
}

/** A practitioner's name (`Dr. Anna Berger`), inactive ones too; the number only where nobody knows it. */
export function ProviderName({ userid }: { userid: number }) {
  const { t } = useTranslation('common');
  const query = useQuery(allProvidersQuery());
  const p = query.data?.find((x) => x.userid === userid);
  if (p) return <>{providerLabel(p)}</>;
  if (query.isPending)
    return <Skeleton component="span" display="inline-block" h="0.9em" w="6em" aria-hidden />;
  return <>{t('person.userNo', { id: userid })}</>;
}
