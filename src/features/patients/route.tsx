import { Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPatientDialog } from '#components/new-patient/new-patient-dialog.tsx';
import type { NewPatientValues } from '#components/new-patient/schema.ts';
import { Page } from '#components/page.tsx';
import { usePatientLookup } from '#components/patient-criteria.ts';
import { EmptyState, ErrorState } from '#components/states.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { PatientResults } from './components/patient-results.tsx';
import { PatientSearchForm } from './components/patient-search-form.tsx';
import type { en } from './locales/en.ts';
import {
  criteriaOf,
  PAGE_SIZES,
  type PatientSearchState,
  PRIVATE_SEARCH_PARAMS,
  readSearch,
  writeSearch,
} from './url-state.ts';

/** `/patients`: search (free text or single criteria, kept in the URL), results with paging, new patient. */
export function Component() {
  const { t } = useTranslation('patients');
  const [params, setParams] = useUrlParams({ private: PRIVATE_SEARCH_PARAMS });
  const state = readSearch(params);
  const criteria = criteriaOf(state);
  // `?new=1&lastname=…&firstname=…&dob=…` opens the new-patient form filled in (the lab page links here).
  const [prefill] = useState(() => prefillOf(params));
  const [newOpened, newPatient] = useDisclosure(prefill !== undefined);
  const query = usePatientLookup(criteria, { offset: state.offset, limit: state.limit });
  // The form starts anew only when the search changes from outside (the header's "all results", Back): after its own
  // search it keeps what has been typed since, which an answer or a navigation arriving later must not wipe.
  const own = useRef<string | null>(null);
  const seen = canonical(params);
  const [formFor, setFormFor] = useState({ seen, key: 0 });
  if (formFor.seen !== seen) setFormFor({ seen, key: seen === own.current ? formFor.key : formFor.key + 1 });
  const update = (next: Partial<PatientSearchState>) =>
    setParams((prev) => {
      const written = writeSearch({ ...readSearch(prev), ...next });
      own.current = canonical(written);
      return written;
    });

  return (
    <Page
      title={t('title')}
      actions={
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={newPatient.open}>
          {t('newPatient.open')}
        </Button>
      }
    >
      <NewPatientDialog
        opened={newOpened}
        initial={prefill}
        onClose={() => {
          newPatient.close();
          if (params.has('new')) setParams(new URLSearchParams(), { replace: true });
        }}
      />
      <PatientSearchForm
        key={formFor.key}
        state={state}
        onSearch={(next) => update({ ...next, offset: 0 })}
      />
      <Stack gap="sm" component="section" aria-label={t('results.label')}>
        {state.q.trim() !== '' && criteria && (
          <Text size="sm" c="dimmed">
            {t('results.interpreted', {
              what: criteria
                .map((c) =>
                  Object.entries(c)
                    .map(([k, v]) =>
                      t('labelValue', {
                        ns: 'common',
                        // A criterion's keys are fields of the search form, named under fields.
                        label: t(`fields.${k === 'phone' ? 'phoneOrMobile' : (k as keyof typeof en.fields)}`),
                        // A patient number is written as typed (no apostrophe).
                        value: String(v),
                      }),
                    )
                    .join(', '),
                )
                .join(` ${t('results.or')} `),
            })}
          </Text>
        )}
        {criteria === null ? (
          <EmptyState
            title={state.q.trim() ? t('results.notSearchable') : t('results.start')}
            description={t('searchForm.qHint')}
          />
        ) : query.phoneUnsupported ? (
          <EmptyState title={t('search.phoneUnsupported')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.isPending && query.items.length === 0 && state.offset === 0 ? (
          <EmptyState title={t('results.none')} description={t('results.noneHint')} />
        ) : (
          <PatientResults
            items={query.items}
            offset={state.offset}
            limit={state.limit}
            loading={query.isFetching}
            onPage={(offset) => update({ offset })}
            onLimit={(limit) => update({ limit, offset: 0 })}
            pageSizes={PAGE_SIZES}
          />
        )}
      </Stack>
    </Page>
  );
}

/** The new-patient form's starting values from the address; undefined unless it asks for the form (`new=1`). */
function prefillOf(params: URLSearchParams): Partial<NewPatientValues> | undefined {
  if (params.get('new') !== '1') return undefined;
  const text = (key: string) => (params.get(key) ?? '').slice(0, 200);
  return { lastname: text('lastname'), firstname: text('firstname'), dob: text('dob') };
}

/** The params in one order: the address and the tab's private store give them back in another than written. */
function canonical(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
}
