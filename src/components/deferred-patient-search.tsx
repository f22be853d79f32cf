import { TextInput } from '@mantine/core';
import { loadNamespace } from '#i18n/index.ts';
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
 * (decision 0016), with the patients area's strings it speaks (not among the shell's: issue 38). Elsewhere (inside
 * lazy areas, whose loaders load the namespace `patients`) import `PatientSearchBox` itself.
 */
export const DeferredPatientSearchBox = deferred<PatientSearchBoxProps>(
  () =>
    Promise.all([import('./patient-search.tsx'), loadNamespace('patients')]).then(
      ([m]) => m.PatientSearchBox,
    ),
  PatientSearchBoxPlaceholder,
);
