import type { TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { PatientSearchBoxProps } from './patient-search.tsx';

/**
 * The search field's look, shared by the search box (patient-search.tsx) and its stand-in until that has loaded
 * (deferred-patient-search.tsx), so that the two cannot drift apart. Without Combobox: the stand-in is on a first
 * page.
 */
export function searchFieldProps({
  label,
  hideLabel,
  placeholder,
  autoFocus,
  size,
  required,
  error,
}: Pick<
  PatientSearchBoxProps,
  'label' | 'hideLabel' | 'placeholder' | 'autoFocus' | 'size' | 'required' | 'error'
>): TextInputProps & { 'data-autofocus'?: boolean } {
  return {
    label: hideLabel ? undefined : label,
    'aria-label': hideLabel ? label : undefined,
    placeholder,
    autoFocus,
    // In a dialog, its focus trap would otherwise move the focus to the first button (Close).
    'data-autofocus': autoFocus || undefined,
    size,
    required,
    error,
    autoComplete: 'off',
    leftSection: <IconSearch size={16} aria-hidden />,
  };
}
