import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { deferred } from './deferred.tsx';
import type { PatientSearchBoxProps } from './patient-search.tsx';

/**
 * Until the search box's code (Mantine's Combobox, Popover, floating-ui) is there: the same field, read-only and
 * inert, with the same label, placeholder and right section. Focus put into it (a click, Tab, Ctrl+K, autoFocus)
 * goes on in the real field once that is there.
 */
function PatientSearchBoxPlaceholder({
  label,
  hideLabel,
  placeholder,
  autoFocus,
  inputRef,
  size,
  rightSection,
  initialText = '',
  error,
  required,
}: PatientSearchBoxProps) {
  return (
    <TextInput
      ref={inputRef}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={placeholder}
      autoFocus={autoFocus}
      // In a dialog, its focus trap would otherwise move the focus to the first button (Close).
      data-autofocus={autoFocus || undefined}
      size={size}
      required={required}
      error={error}
      value={initialText}
      readOnly
      aria-disabled
      autoComplete="off"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={rightSection}
      rightSectionWidth={rightSection ? 64 : undefined}
    />
  );
}

/**
 * `PatientSearchBox` for places that show on a first page (the header): its code loads after the page's content
 * (decision 0016). Elsewhere (inside lazy areas) import `PatientSearchBox` itself.
 */
export const DeferredPatientSearchBox = deferred<PatientSearchBoxProps>(
  () => import('./patient-search.tsx').then((m) => m.PatientSearchBox),
  PatientSearchBoxPlaceholder,
);
