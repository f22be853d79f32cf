import { TextInput } from '@mantine/core';
import { deferred } from './deferred.tsx';
import type { PatientSearchBoxProps } from './patient-search.tsx';
import { searchFieldProps } from './patient-search-field.tsx';

/**
 * Until the search box's code (Mantine's Combobox, Popover, floating-ui) is there: the same field, read-only and
 * inert, with the same label, placeholder and right section. Focus put into it (a click, Tab, Ctrl+K, autoFocus)
 * goes on in the real field once that is there.
 */
function PatientSearchBoxPlaceholder(props: PatientSearchBoxProps) {
  const { inputRef, rightSection, initialText = '' } = props;
  return (
    <TextInput
      ref={inputRef}
      {...searchFieldProps(props)}
      value={initialText}
      readOnly
      aria-disabled
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
