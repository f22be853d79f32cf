import type { Translation } from '../types.ts';
import type { en } from './en.ts';

export const de: Translation<typeof en> = {
  language: 'Sprache',
  folder: {
    open: 'Offen',
    toBeContacted: 'Zu kontaktieren',
    inDiscussion: 'In Abklärung',
    converted: 'Konvertiert',
    disqualified: 'Disqualifiziert',
  },
  appointmentState: {
    planned: 'Geplant',
    waiting: 'Wartet',
    arrived: 'Eingetroffen',
    done: 'Erledigt',
    cancelled: 'Vom Patienten abgesagt',
    noShow: 'Nicht erschienen',
    none: 'Ohne Status',
    other: 'Status {{state}}',
  },
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
  lock: {
    button: 'Bildschirm sperren',
    buttonTitle: 'Bildschirm sperren (Ctrl+Alt+L)',
    title: 'Bildschirm gesperrt',
    user: 'Angemeldet: {{name}}',
    hintPassword: 'Geben Sie Ihr Passwort ein, um dort weiterzuarbeiten, wo Sie aufgehört haben.',
    hintKey:
      'Geben Sie den API-Schlüssel ein, mit dem Sie sich angemeldet haben, um dort weiterzuarbeiten, wo Sie aufgehört haben.',
    password: 'Passwort',
    apiKey: 'API-Schlüssel',
    wrongPassword: 'Das Passwort ist nicht korrekt. Der Bildschirm bleibt gesperrt.',
    wrongKey: 'Der API-Schlüssel ist nicht korrekt. Der Bildschirm bleibt gesperrt.',
    unlock: 'Entsperren',
    signOut: 'Stattdessen abmelden',
  },
};
