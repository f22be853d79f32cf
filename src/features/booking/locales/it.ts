import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const it: Translation<typeof en> = {
  title: 'Prenotare',
  nav: {
    restart: 'Prenota un altro appuntamento',
  },
  service: {
    legend: 'Quale prestazione?',
    minutes: '{{count}} min',
    none: 'Nel software dello studio non è configurata nessuna prestazione prenotabile.',
  },
  provider: {
    legend: 'Con chi?',
    any: 'Indifferente',
    anyHint: 'Il primo orario libero di qualsiasi terapeuta che offre questa prestazione',
    none: 'Nessun terapeuta attivo offre questa prestazione.',
  },
  duration: {
    label: 'Durata in minuti',
    hint: 'Di norma la prestazione dura {{count}} minuti.',
    invalid: 'Inserire da 5 a 480 minuti.',
  },
  slot: {
    previousMonth: 'Mese precedente',
    nextMonth: 'Mese successivo',
    calendar: 'Data',
    chooseFirst: 'Scegliere una prestazione e con chi per vedere gli orari liberi.',
    dayFree: '{{day}}, orari liberi',
    dayClosed: '{{day}}, chiuso: {{name}}',
    closedDays: 'Chiuso:',
    daysFree: 'Giorni con orari liberi: {{count}}',
    emptyMonth: 'Nessun orario libero in questo mese.',
    taken:
      'L’orario scelto è appena stato occupato da qualcun altro. Non è stato prenotato nulla. Il calendario mostra gli orari ora liberi: sceglierne un altro.',
    legend: 'Orari liberi',
    slotLabel: '{{day}} {{time}}, {{provider}}',
    loading: 'Ricerca di orari liberi…',
  },
  patient: {
    searchLabel: 'Cerca un paziente',
    searchHint: 'Nome, data di nascita, telefono o numero di paziente',
    legend: 'Per chi?',
    create: 'Nuovo paziente',
    chosen: 'Paziente scelto',
    change: 'Scegli un altro paziente',
    loadFailed: 'Non è stato possibile caricare il paziente: {{msg}}',
    deleted: 'Questo paziente è eliminato e non può essere prenotato. Scegliere un altro paziente.',
    deletedNamed: '{{patient}} è eliminato e non può essere prenotato. Scegliere un altro paziente.',
    missed_one: 'Ha mancato {{count}} appuntamento negli ultimi due anni',
    missed_other: 'Ha mancato {{count}} appuntamenti negli ultimi due anni',
  },
  waitlist: {
    noTime: 'Nessun orario adatto: mettere in lista d’attesa',
  },
  confirm: {
    noSlot: 'Nessun orario ancora scelto',
    missing: 'Scegliere un orario e un paziente per prenotare.',
    missingTime: 'Scegliere un orario per prenotare.',
    missingPatient: 'Scegliere un paziente per prenotare.',
    legend: 'Verifica e prenota',
    patient: 'Paziente',
    comment: 'Commento (interno, facoltativo)',
    book: 'Prenota l’appuntamento',
    checking: 'Verifica che l’orario sia ancora libero…',
    noCalendar:
      'A questo terapeuta non appartiene nessuna agenda, quindi l’appuntamento non può essere fissato.',
    calendarId: 'Numero dell’agenda',
    calendarIdHint: 'Questo server non elenca le sue agende: inserire il numero dell’agenda del terapeuta.',
    notBooked: 'Non prenotato',
    failed: 'Non prenotato: {{msg}}',
  },
  done: {
    title: 'Appuntamento prenotato',
    text: '{{service}} il {{when}} con {{provider}}.',
    foundAfterLoss:
      'La connessione si è interrotta prima della conferma. L’appuntamento è comunque nell’agenda, una sola volta: non occorre prenotarlo di nuovo.',
    number: 'Appuntamento n. {{id}}',
    toAgenda: 'Mostra nell’agenda',
  },
  leave: {
    title: 'Lasciare la prenotazione?',
    text: 'Il commento interno che ha scritto non è stato salvato.',
    stay: 'Rimani',
    leave: 'Esci',
  },
};
