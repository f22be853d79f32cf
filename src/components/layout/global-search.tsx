import { ActionIcon, Anchor, Box, Kbd } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Patient } from '#contract/system.ts';
import { DeferredPatientSearchBox } from '../deferred-patient-search.tsx';
import { LazyDialog } from '../lazy-dialog.tsx';
import { privateParamsState } from '../use-url-params.ts';

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/** "All results": shown by the search box once its code and the patients area's strings are there. */
function AllResultsLink({ text, onOpen }: { text: string; onOpen: (text: string) => void }) {
  const { t } = useTranslation('patients');
  return (
    <Anchor
      component={Link}
      to="/patients"
      size="sm"
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e) => {
        // The text goes with the history entry, never into the address (useUrlParams `private`).
        e.preventDefault();
        onOpen(text);
      }}
    >
      {t('search.allResults')}
    </Anchor>
  );
}

/**
 * The header's patient search: a field on wide screens, a button on narrow ones; Ctrl+K (Cmd+K) goes to the field,
 * or opens the search in a dialog where the field is not shown. Enter opens the highlighted patient.
 * The search box's code loads after the page's content (DeferredPatientSearchBox); the shortcut works before: it
 * focuses the stand-in field, whose focus goes on in the real one when that is there. The header's own words are
 * `common`'s (header.patientSearch); the patients area's strings load with the search box's code (issue 38).
 */
export function GlobalSearch() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const shortcut = isMac() ? '⌘ K' : 'Ctrl K';

  const openPatient = (p: Patient) => {
    close();
    void navigate(`/patients/${p.patid}`);
  };

  // Booking reads the patient from the address (and refuses a deleted one there too).
  const bookPatient = (p: Patient) => {
    close();
    void navigate(`/booking?patid=${p.patid}`);
  };

  // The waiting list's dialog for them (the waiting list's page opens it: its code is not in the shell).
  const waitlistPatient = (p: Patient) => {
    close();
    void navigate(`/agenda/waitlist?add=${p.patid}`);
  };

  const allResults = (text: string) => (
    <AllResultsLink
      text={text}
      onOpen={(q) => {
        close();
        void navigate('/patients', { state: privateParamsState({ q: q.trim() }) });
      }}
    />
  );

  useHotkeys(
    [
      [
        'mod+K',
        () => {
          // The real field, or its stand-in until the search box's code is there.
          const field = fieldRef.current;
          // The header field is hidden on narrow screens (no layout box): then the dialog.
          if (field && field.offsetParent !== null && !opened) {
            field.focus();
            field.select();
          } else {
            open();
          }
        },
      ],
    ],
    [],
  );

  return (
    <>
      <Box visibleFrom="sm" w={{ sm: 260, md: 340 }}>
        <DeferredPatientSearchBox
          inputRef={fieldRef}
          label={t('header.patientSearch.label')}
          hideLabel
          placeholder={t('header.patientSearch.placeholder')}
          onPick={openPatient}
          onBook={bookPatient}
          onWaitlist={waitlistPatient}
          dropdownWidth={480}
          footer={allResults}
          rightSection={
            <Kbd size="xs" aria-hidden>
              {shortcut}
            </Kbd>
          }
        />
      </Box>
      <ActionIcon
        hiddenFrom="sm"
        variant="subtle"
        size="lg"
        onClick={open}
        aria-label={t('header.patientSearch.open', { shortcut })}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      <LazyDialog
        opened={opened}
        onClose={close}
        size="lg"
        yOffset="10vh"
        title={t('header.patientSearch.title')}
        closeLabel={t('dialog.close')}
        contentProps={{ style: { overflow: 'visible' } }}
      >
        {opened && (
          <DeferredPatientSearchBox
            label={t('header.patientSearch.label')}
            placeholder={t('header.patientSearch.placeholder')}
            onPick={openPatient}
            onBook={bookPatient}
            onWaitlist={waitlistPatient}
            footer={allResults}
            autoFocus
            maxHits={10}
          />
        )}
      </LazyDialog>
    </>
  );
}
