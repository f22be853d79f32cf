import type { Translation } from './types.ts';

/** Strings shared by the shell and the shared components (namespace `common`). */
export const en = {
  dialog: {
    close: 'Close',
  },
  unsaved: {
    title: 'Leave this page?',
    text: 'What you entered has not been saved and will be lost.',
    stay: 'Stay',
    leave: 'Leave and discard',
  },
  app: {
    name: 'Praxis Front Office',
    loading: 'Loading the app…',
  },
  nav: {
    label: 'Main',
    leads: 'Leads',
    tasks: 'Tasks',
    agenda: 'Agenda',
    booking: 'Online booking',
    recalls: 'Recalls',
    patients: 'Patients',
    labor: 'Lab results',
    accounting: 'Accounting',
    stats: 'Statistics',
    settings: 'Settings',
  },
  header: {
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    toDark: 'Switch to dark colours',
    toLight: 'Switch to light colours',
    practice: 'Practice {{tenant}}',
    settings: 'Settings',
    signOut: 'Sign out',
    navigating: 'Loading the page…',
  },
  connection: {
    offline: 'No connection to the practice server. What you change cannot be saved until it is back.',
  },
  state: {
    loading: 'Loading…',
    empty: 'Nothing here yet.',
    retry: 'Retry',
  },
  error: {
    failed: '{{op}} failed',
    pageFailed: 'This page could not be shown',
    network: 'The practice server cannot be reached. Check the connection and try again.',
    timeout: 'The practice server did not answer in time.',
    unauthorized: 'Your sign-in is no longer valid. Please sign in again.',
    contract: 'The practice server answered in a form this app does not understand: {{msg}}',
    server: 'The practice server answered: {{msg}}',
    unexpected: 'Something went wrong: {{msg}}',
    notFound: 'There is no page at this address.',
    backToStart: 'To the leads',
  },
  notFound: {
    title: 'Page not found',
  },
  modal: {
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
  undo: {
    action: 'Undo',
    hint: 'or Ctrl+Z',
    failed: 'Could not undo',
  },
} as const;

export const de: Translation<typeof en> = {
  dialog: {
    close: 'Schliessen',
  },
  unsaved: {
    title: 'Seite verlassen?',
    text: 'Ihre Eingaben sind nicht gespeichert und gehen verloren.',
    stay: 'Bleiben',
    leave: 'Verlassen und verwerfen',
  },
  app: {
    name: 'Praxis Front Office',
    loading: 'Die App wird geladen…',
  },
  nav: {
    label: 'Hauptnavigation',
    leads: 'Leads',
    tasks: 'Aufgaben',
    agenda: 'Agenda',
    booking: 'Online-Buchung',
    recalls: 'Recalls',
    patients: 'Patienten',
    labor: 'Laborbefunde',
    accounting: 'Buchhaltung',
    stats: 'Statistik',
    settings: 'Einstellungen',
  },
  header: {
    openNavigation: 'Navigation öffnen',
    closeNavigation: 'Navigation schliessen',
    toDark: 'Zu dunklen Farben wechseln',
    toLight: 'Zu hellen Farben wechseln',
    practice: 'Praxis {{tenant}}',
    settings: 'Einstellungen',
    signOut: 'Abmelden',
    navigating: 'Die Seite wird geladen…',
  },
  connection: {
    offline:
      'Keine Verbindung zum Praxisserver. Änderungen können erst gespeichert werden, wenn sie wieder besteht.',
  },
  state: {
    loading: 'Wird geladen…',
    empty: 'Hier ist noch nichts.',
    retry: 'Erneut versuchen',
  },
  error: {
    failed: '{{op}} ist fehlgeschlagen',
    pageFailed: 'Diese Seite konnte nicht angezeigt werden',
    network: 'Der Praxisserver ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
    timeout: 'Der Praxisserver hat nicht rechtzeitig geantwortet.',
    unauthorized: 'Ihre Anmeldung ist nicht mehr gültig. Bitte melden Sie sich erneut an.',
    contract: 'Der Praxisserver hat in einer Form geantwortet, die diese App nicht versteht: {{msg}}',
    server: 'Der Praxisserver hat geantwortet: {{msg}}',
    unexpected: 'Etwas ist schiefgelaufen: {{msg}}',
    notFound: 'Unter dieser Adresse gibt es keine Seite.',
    backToStart: 'Zu den Leads',
  },
  notFound: {
    title: 'Seite nicht gefunden',
  },
  modal: {
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
  },
  undo: {
    action: 'Rückgängig',
    hint: 'oder Ctrl+Z',
    failed: 'Rückgängig machen nicht möglich',
  },
};
