import { Combobox, Group, Loader, Text, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarPlus, IconListDetails } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '#contract/system.ts';
import { searchTextRefusal } from './field-rules.ts';
import { formatDate } from './format.ts';
import { interpretQuery, patientName, usePatientLookup } from './patient-criteria.ts';
import classes from './patient-search.module.css';
import { searchFieldProps } from './patient-search-field.tsx';
import { describeError } from './states.tsx';

/**
 * The patient search box shared by the header (Ctrl+K; there through DeferredPatientSearchBox), the patients page
 * and pickers (recalls). The criteria and the request are in patient-criteria.ts (also exported from here).
 */
export {
  patientName,
  patientSearchKeys,
  toSearchInput,
} from './patient-criteria.ts';

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
  /**
   * A second action beside each hit that is not deleted (the header's search: "Book appointment"). It is an option
   * of its own, right after the hit's, so the arrow keys reach it as they reach the hits.
   */
  onBook?: (patient: Patient) => void;
  /** A third action beside each hit that is not deleted (the header's search: "Waiting list"), like `onBook`. */
  onWaitlist?: (patient: Patient) => void;
  /** The list's width when it should be wider than the field (a narrow header field with actions beside the hits). */
  dropdownWidth?: number;
  /**
   * A picker for booking, linking or a recall: deleted patients are listed (marked, so that the person sees why
   * they are not offered) but cannot be chosen.
   */
  excludeDeleted?: boolean;
}

/** An action beside a hit: its option's value and words (`search.<key>`, `search.<key>For`), its icon, its handler. */
interface RowAction {
  key: 'book' | 'waitlist';
  Icon: typeof IconCalendarPlus;
  run: (patient: Patient) => void;
}

/** What tells two people of the same name apart: birth date, number, city. */
export function patientFacts(p: Patient): string[] {
  return [formatDate(p.dob), `#${p.patid}`, [p.zip, p.city].filter(Boolean).join(' ')].filter(Boolean);
}

/** The option's accessible name: name, facts and, for a deleted patient, that they are deleted. */
function patientOptionLabel(p: Patient, t: TFunction<'patients'>): string {
  return [patientName(p), ...patientFacts(p), ...(p.deleted === '1' ? [t('deleted')] : [])].join(', ');
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
  excludeDeleted,
  onBook,
  onWaitlist,
  dropdownWidth,
}: PatientSearchBoxProps) {
  const { t } = useTranslation('patients');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(initialText);
  const [debounced] = useDebouncedValue(text, 250);
  // A text longer than the service searches by is said at the field and not sent (form-resolver.ts).
  const tooLong = searchTextRefusal(text);
  const criteria = tooLong || searchTextRefusal(debounced) ? null : interpretQuery(debounced);
  const query = usePatientLookup(criteria, { limit: maxHits });
  const hits = criteria ? query.items.slice(0, maxHits) : [];
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

  // The actions beside each hit that is not deleted (the header's search): one option each, after the hit's.
  const actions: RowAction[] = [
    ...(onBook ? [{ key: 'book' as const, Icon: IconCalendarPlus, run: onBook }] : []),
    ...(onWaitlist ? [{ key: 'waitlist' as const, Icon: IconListDetails, run: onWaitlist }] : []),
  ];

  /** Opens the patient, or runs one of the row's actions for them. */
  const pick = (patient: Patient, action?: RowAction) => {
    // A picker that books or links never takes a deleted patient (the service refuses it too).
    if ((excludeDeleted || action) && patient.deleted === '1') return;
    setText(keepText ? patientName(patient) : '');
    combobox.closeDropdown();
    if (action) action.run(patient);
    else onPick(patient);
  };

  const hint = (() => {
    if (text.trim() === '') return t('search.hint');
    if (tooLong) return null;
    if (!interpretQuery(text)) return t('search.tooShort');
    if (query.phoneUnsupported && !stale) return t('search.phoneUnsupported');
    if (query.isError && !stale) return describeError(query.error, t);
    if (stale && hits.length === 0) return t('search.searching');
    if (hits.length === 0) return t('search.nothing');
    return null;
  })();

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const [kind, id] = value.split(':');
        const patient = hits.find((p) => String(p.patid) === id);
        if (patient)
          pick(
            patient,
            actions.find((a) => a.key === kind),
          );
      }}
      // In the DOM beside the field, so that the list is inside the page's landmark (or the dialog).
      withinPortal={false}
      width={dropdownWidth ?? 'target'}
      position="bottom-start"
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          {...searchFieldProps({
            label,
            hideLabel,
            placeholder,
            autoFocus,
            size,
            required,
            error: error ?? tooLong,
          })}
          value={text}
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
            const first = hits.find((p) => !(excludeDeleted && p.deleted === '1'));
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() === -1 && first && !stale) {
              e.preventDefault();
              pick(first);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {/*
          The hint stays outside the list: a listbox holds options only (axe aria-required-children found the empty
          field's list holding just the hint). The list itself stays in the DOM, hidden while empty, because the
          field's aria-controls names it.
        */}
        <Combobox.Options aria-label={t('search.results')} hidden={hits.length === 0}>
          {hits.map((p) => {
            const deleted = p.deleted === '1';
            const option = (
              <Combobox.Option
                value={`open:${p.patid}`}
                key={p.patid}
                aria-label={patientOptionLabel(p, t)}
                disabled={excludeDeleted && deleted}
                // Mantine marks a disabled option for its own keyboard handling only: say it to assistive technology.
                aria-disabled={excludeDeleted && deleted ? true : undefined}
                className={actions.length ? classes.hit : undefined}
              >
                <Group
                  justify="space-between"
                  wrap={actions.length ? 'wrap' : 'nowrap'}
                  gap="sm"
                  style={{ rowGap: 0 }}
                >
                  <Text size="sm" fw={600} td={deleted ? 'line-through' : undefined}>
                    {patientName(p)}
                    {deleted && (
                      <Text span size="xs" fw={700} ml={6} className="patient-deleted-tag">
                        {t('deleted')}
                      </Text>
                    )}
                  </Text>
                  {/* Inherits the option's colour (white on the highlighted one). */}
                  <Text size="xs">{patientFacts(p).join(' · ')}</Text>
                </Group>
              </Combobox.Option>
            );
            if (actions.length === 0) return option;
            return (
              <div key={p.patid} className={classes.row}>
                {option}
                {!deleted &&
                  actions.map(({ key, Icon }) => (
                    <Combobox.Option
                      key={key}
                      value={`${key}:${p.patid}`}
                      aria-label={t(`search.${key}For`, { patient: patientOptionLabel(p, t) })}
                      className={classes.action}
                    >
                      <Group gap={4} wrap="nowrap">
                        <Icon size={14} aria-hidden />
                        <Text span size="xs" fw={600}>
                          {t(`search.${key}`)}
                        </Text>
                      </Group>
                    </Combobox.Option>
                  ))}
              </div>
            );
          })}
        </Combobox.Options>
        {hint && <Combobox.Empty>{hint}</Combobox.Empty>}
        {footer && text.trim() !== '' && <Combobox.Footer>{footer(text)}</Combobox.Footer>}
      </Combobox.Dropdown>
    </Combobox>
  );
}
