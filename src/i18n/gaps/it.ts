import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const it: Translation<typeof en> = {
  title: 'Orari liberati',
  show: 'Mostra',
  hide: 'Nascondi',
  loading: 'Ricerca degli orari liberati…',
  failed: 'Non è stato possibile leggere gli appuntamenti: {{msg}}',
  none: 'Nessun orario liberato fino al {{date}}.',
  intro:
    'Appuntamenti annullati, mancati, eliminati o spostati fino al {{date}}: chi potrebbe venire al loro posto.',
  all: 'Mostra tutti i {{count}}',
  fewer: 'Mostra meno',
  calendar: 'Agenda {{id}}',
  today: 'Oggi',
  when: '{{day}}, dalle {{from}} alle {{to}}',
  minutes_one: '{{count}} min',
  minutes_other: '{{count}} min',
  cause: {
    cancelled: 'Annullato',
    noShow: 'Non presentato',
    deleted: 'Eliminato',
    moved: 'Spostato',
  },
  find: 'Chi potrebbe venire?',
  actionFor: '{{action}}: {{name}}',
  candidates: {
    label: 'Pazienti che potrebbero venire, i più adatti prima',
    loading: 'Ricerca di pazienti…',
    none: 'Nessuno in lista d’attesa, con un appuntamento più tardi o un richiamo scaduto è adatto a questo orario.',
    noWaitlist:
      'Il server di questo studio non ha una lista d’attesa: solo appuntamenti più tardi e richiami scaduti.',
    waitlistFailed: 'Non è stato possibile leggere la lista d’attesa: {{msg}}',
  },
  kind: {
    waiting: 'Lista d’attesa',
    later: 'Appuntamento più tardi',
    recall: 'Richiamo scaduto',
  },
  priority: {
    high: 'Alta',
    urgent: 'Urgente',
  },
  reason: {
    waiting: '{{service}}, in attesa dal {{since}}',
    later: '{{service}} il {{at}}',
    recall: '{{service}}, richiamo scaduto dal {{since}}',
  },
  patientNumber: 'Paziente n. {{patid}}',
  call: 'Chiama {{name}}: {{phone}}',
  noPhone: 'Nessun numero di telefono',
  book: 'Prenota alle {{time}}',
  move: 'Anticipa alle {{time}}',
  booked: '{{name}} prenotato il {{at}}; la voce in lista d’attesa è chiusa.',
  bookedOnly: '{{name}} prenotato il {{at}}.',
  bookedEntryFailed:
    '{{name}} prenotato il {{at}}. Non è stato possibile chiudere la voce in lista d’attesa, che resta aperta: {{msg}}',
  bookedEntryOpen:
    '{{name}} prenotato il {{at}}. La voce in lista d’attesa è stata modificata nel frattempo da qualcun altro e resta aperta.',
  bookedBack: 'La prenotazione di {{name}} è annullata.',
  moved: '{{name}} anticipato al {{at}}. Il vecchio orario è offerto come nuovo spazio libero.',
  movedBack: '{{name}} è di nuovo all’orario precedente.',
  taken: 'Questo orario non è più libero: qualcuno l’ha prenotato nel frattempo.',
  laterChanged: 'L’appuntamento di {{name}} è stato modificato nel frattempo. La lista viene riletta.',
  writeFailed: 'Non salvato: {{msg}}',
};
