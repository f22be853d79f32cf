/** Strings shared by the shell and the shared components (namespace `common`). */
export const en = {
  language: 'Language',
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
} as const;
