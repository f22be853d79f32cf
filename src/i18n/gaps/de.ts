import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const de: Translation<typeof en> = {
  title: 'Frei gewordene Zeit',
  show: 'Anzeigen',
  hide: 'Ausblenden',
  loading: 'Frei gewordene Zeit wird gesucht…',
  failed: 'Die Termine konnten nicht gelesen werden: {{msg}}',
  none: 'Bis {{date}} ist keine Zeit frei geworden.',
  intro:
    'Abgesagte, verpasste, gelöschte oder verschobene Termine bis {{date}}: wer stattdessen kommen könnte.',
  all: 'Alle {{count}} anzeigen',
  fewer: 'Weniger anzeigen',
  calendar: 'Kalender {{id}}',
  today: 'Heute',
  when: '{{day}}, {{from}}–{{to}}',
  minutes_one: '{{count}} Min.',
  minutes_other: '{{count}} Min.',
  cause: {
    cancelled: 'Abgesagt',
    noShow: 'Nicht erschienen',
    deleted: 'Gelöscht',
    moved: 'Verschoben',
  },
  find: 'Wer könnte kommen?',
  actionFor: '{{action}} – {{name}}',
  candidates: {
    label: 'Patientinnen und Patienten, die kommen könnten, die passendsten zuerst',
    loading: 'Patientinnen und Patienten werden gesucht…',
    none: 'Niemand auf der Warteliste, mit einem späteren Termin oder einem fälligen Recall passt in diese Zeit.',
    noWaitlist:
      'Der Server dieser Praxis bietet keine Warteliste: nur spätere Termine und überfällige Recalls.',
    waitlistFailed: 'Die Warteliste konnte nicht gelesen werden: {{msg}}',
  },
  kind: {
    waiting: 'Warteliste',
    later: 'Späterer Termin',
    recall: 'Recall überfällig',
  },
  priority: {
    high: 'Hoch',
    urgent: 'Dringend',
  },
  reason: {
    waiting: '{{service}}, wartet seit {{since}}',
    later: '{{service}} am {{at}}',
    recall: '{{service}}, Recall fällig seit {{since}}',
  },
  patientNumber: 'Patient Nr. {{patid}}',
  call: '{{name}} anrufen: {{phone}}',
  noPhone: 'Keine Telefonnummer',
  book: 'Um {{time}} buchen',
  move: 'Auf {{time}} vorziehen',
  booked: '{{name}} am {{at}} gebucht; der Wartelisten-Eintrag ist abgeschlossen.',
  bookedOnly: '{{name}} am {{at}} gebucht.',
  bookedEntryFailed:
    '{{name}} am {{at}} gebucht. Der Wartelisten-Eintrag konnte nicht abgeschlossen werden und ist noch offen: {{msg}}',
  bookedEntryOpen:
    '{{name}} am {{at}} gebucht. Der Wartelisten-Eintrag wurde inzwischen von jemand anderem geändert und ist noch offen.',
  bookedBack: 'Die Buchung von {{name}} ist rückgängig gemacht.',
  moved: '{{name}} auf {{at}} vorgezogen. Die alte Zeit wird als neue Lücke angeboten.',
  movedBack: '{{name}} ist wieder zur alten Zeit eingetragen.',
  taken: 'Diese Zeit ist nicht mehr frei: Jemand hat sie inzwischen gebucht.',
  laterChanged: 'Der Termin von {{name}} wurde inzwischen geändert. Die Liste wird neu gelesen.',
  writeFailed: 'Nicht gespeichert: {{msg}}',
};
