import { Combobox, Group, Loader, Text, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeDob, type Patient, type SearchPatientsInput } from '../../contract/system.ts';
import { opQuery } from '../api/queries.ts';
import { formatDate } from './format.ts';
import { describeError } from './states.tsx';

/**
 * Patient search shared by the header (Ctrl+K), the patients page and pickers (recalls). searchPatients refuses
 * every field it does not know (`Unknown parameter(s): …`), so requests are built here, from these keys only.
 */

/** The criteria searchPatients allows (besides offset and limit). */
export const patientSearchKeys = ['lastname', 'firstname', 'dob', 'patid', 'mail', 'ahv'] as const;
export type PatientSearchKey = (typeof patientSearchKeys)[number];

export interface PatientCriteria {
  /** Contains-match. */
  lastname?: string;
  /** Contains-match. */
  firstname?: string;
  /** `DD.MM.YYYY` or `YYYY-MM-DD`. */
  dob?: string;
  patid?: number;
  /** Exact; more than 7 characters with @. */
  mail?: string;
  /** Exact, dots optional. */
  ahv?: string;
}

export const DEFAULT_SEARCH_LIMIT = 25;

/** The request body: only allowed keys, no empty values, plus paging. */
export function toSearchInput(
  criteria: PatientCriteria,
  paging: { offset?: number; limit?: number } = {},
): SearchPatientsInput {
  const out: Record<string, string | number> = {};
  for (const key of patientSearchKeys) {
    const value = criteria[key];
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value > 0) out[key] = value;
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[key] = value.trim();
    }
  }
  out.offset = paging.offset ?? 0;
  out.limit = paging.limit ?? DEFAULT_SEARCH_LIMIT;
  return out as SearchPatientsInput;
}

/** At least one criterion that searchPatients would accept as such. */
export function hasCriteria(criteria: PatientCriteria): boolean {
  const input = toSearchInput(criteria) as Record<string, unknown>;
  return patientSearchKeys.some((k) => input[k] !== undefined);
}

const isoDayRe = /^\d{4}-\d{1,2}-\d{1,2}$/;
const swissDayRe = /^\d{1,2}\.\d{1,2}\.\d{4}$/;
const digitsRe = /^\d+$/;
/** 756.1234.5678.97, with or without dots (13 digits, Swiss AHV numbers start with 756). */
const ahvRe = /^756(?:\.?\d){10}$/;

/**
 * What a free text most likely means, as allowed criteria: a date is a date of birth, an AHV number (756…) an
 * AHV number, other digits a patient number, text with @ a mail, words a name (`Lastname Firstname` or
 * `Lastname, Firstname`). null when there is nothing to search for yet (too short, an incomplete mail).
 */
export function interpretQuery(text: string): PatientCriteria | null {
  const s = text.trim().replace(/\s+/g, ' ');
  if (s === '') return null;
  if (swissDayRe.test(s) || isoDayRe.test(s)) return normalizeDob(s) ? { dob: s } : null;
  if (ahvRe.test(s)) return { ahv: s };
  if (digitsRe.test(s)) {
    const n = Number(s);
    return Number.isSafeInteger(n) && n > 0 ? { patid: n } : null;
  }
  if (s.includes('@')) return s.length > 7 ? { mail: s } : null;
  if (s.length < 2) return null;
  const comma = s.indexOf(',');
  if (comma >= 0) {
    const lastname = s.slice(0, comma).trim();
    const firstname = s.slice(comma + 1).trim();
    if (!lastname && !firstname) return null;
    return { ...(lastname ? { lastname } : {}), ...(firstname ? { firstname } : {}) };
  }
  const [first, ...rest] = s.split(' ');
  return rest.length > 0 ? { lastname: first, firstname: rest.join(' ') } : { lastname: s };
}

export function patientSearchQuery(
  criteria: PatientCriteria,
  paging: { offset?: number; limit?: number } = {},
) {
  return opQuery('searchPatients', toSearchInput(criteria, paging), { enabled: hasCriteria(criteria) });
}

/** `Müller-Schmid, Anna` */
export function patientName(p: Pick<Patient, 'lastname' | 'firstname'>): string {
  return [p.lastname, p.firstname].filter(Boolean).join(', ');
}

export interface PatientSearchBoxProps {
  /** A patient was chosen (click, or Enter on the highlighted or the first hit). */
  onPick: (patient: Patient) => void;
  label: string;
  /** The label is for screen readers only (a header field). */
  hideLabel?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  size?: TextInputProps['size'];
  /** Shown at the right of the field, e.g. the shortcut. */
  rightSection?: ReactNode;
  /** Keep the chosen patient's name in the field (a picker) instead of clearing it (a search). */
  keepText?: boolean;
  /** The field's initial text. */
  initialText?: string;
  /** Extra option below the hits, e.g. "all results". Receives the text typed. */
  footer?: (text: string) => ReactNode;
  error?: ReactNode;
  required?: boolean;
  maxHits?: number;
}

/**
 * A search field that searches patients as one types (interpreted by `interpretQuery`) and lists the hits; arrows
 * move, Enter opens the highlighted hit (the first one unless another is highlighted).
 */
export function PatientSearchBox({
  onPick,
  label,
  hideLabel,
  placeholder,
  autoFocus,
  inputRef,
  size,
  rightSection,
  keepText,
  initialText = '',
  footer,
  error,
  required,
  maxHits = 8,
}: PatientSearchBoxProps) {
  const { t } = useTranslation('patients');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(initialText);
  const [debounced] = useDebouncedValue(text, 250);
  const criteria = interpretQuery(debounced);
  const query = useQuery({
    ...patientSearchQuery(criteria ?? {}, { limit: maxHits }),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });
  const hits = criteria ? (query.data?.items ?? []) : [];
  const stale = text !== debounced || query.isFetching;

  // The first hit is highlighted (unless the user moved on), so that Enter opens it.
  const hitsKey = hits.map((p) => p.patid).join(',');
  const opened = combobox.dropdownOpened;
  const comboboxRef = useRef(combobox);
  comboboxRef.current = combobox;
  useEffect(() => {
    const store = comboboxRef.current;
    if (hitsKey !== '' && opened && store.getSelectedOptionIndex() === -1) store.selectFirstOption();
  }, [hitsKey, opened]);

  const pick = (patient: Patient) => {
    setText(keepText ? patientName(patient) : '');
    combobox.closeDropdown();
    onPick(patient);
  };

  const hint = (() => {
    if (text.trim() === '') return t('search.hint');
    if (!interpretQuery(text)) return t('search.tooShort');
    if (query.isError && !stale) return describeError(query.error, t);
    if (stale && hits.length === 0) return t('search.searching');
    if (hits.length === 0) return t('search.nothing');
    return null;
  })();

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const patient = hits.find((p) => String(p.patid) === value);
        if (patient) pick(patient);
      }}
      // In the DOM beside the field, so that the list is inside the page's landmark (or the dialog).
      withinPortal={false}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          placeholder={placeholder}
          autoFocus={autoFocus}
          size={size}
          required={required}
          error={error}
          value={text}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={stale && criteria ? <Loader size="xs" aria-hidden /> : rightSection}
          rightSectionWidth={rightSection && !(stale && criteria) ? 64 : undefined}
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            // Enter without a highlighted hit (e.g. typed fast): the first hit, once it is there.
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() === -1 && hits.length > 0 && !stale) {
              e.preventDefault();
              pick(hits[0]);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label={t('search.results')}>
          {hits.map((p) => (
            <Combobox.Option value={String(p.patid)} key={p.patid} aria-label={patientName(p)}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" fw={600} td={p.deleted === '1' ? 'line-through' : undefined}>
                  {patientName(p)}
                </Text>
                {/* Inherits the option's colour (white on the highlighted one). */}
                <Text size="xs">
                  {[formatDate(p.dob), `#${p.patid}`, p.city].filter(Boolean).join(' · ')}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {hint && <Combobox.Empty>{hint}</Combobox.Empty>}
        </Combobox.Options>
        {footer && text.trim() !== '' && <Combobox.Footer>{footer(text)}</Combobox.Footer>}
      </Combobox.Dropdown>
    </Combobox>
  );
}
