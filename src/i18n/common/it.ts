import type { Translation } from '../types.ts';
import type { en } from './en.ts';

export const it: Translation<typeof en> = {
  language: 'Lingua',
  folder: {
    open: 'Aperto',
    toBeContacted: 'Da contattare',
    inDiscussion: 'In discussione',
    converted: 'Convertito',
    disqualified: 'Squalificato',
  },
  appointmentState: {
    planned: 'Pianificato',
    waiting: 'In sala d’attesa',
    arrived: 'Arrivato',
    done: 'Concluso',
    cancelled: 'Disdetto dal paziente',
    noShow: 'Non presentato',
    none: 'Nessuno stato',
    other: 'Stato {{state}}',
  },
  dialog: {
    close: 'Chiudi',
  },
  unsaved: {
    title: 'Lasciare questa pagina?',
    text: 'I dati inseriti non sono stati salvati e andranno persi.',
    stay: 'Rimani',
    leave: 'Esci senza salvare',
  },
  app: {
    name: 'Praxis Front Office',
    loading: 'Caricamento dell’applicazione…',
  },
  nav: {
    label: 'Navigazione principale',
    leads: 'Lead',
    tasks: 'Attività',
    agenda: 'Agenda',
    booking: 'Prenotazione online',
    recalls: 'Richiami',
    patients: 'Pazienti',
    labor: 'Risultati di laboratorio',
    accounting: 'Contabilità',
    stats: 'Statistiche',
    settings: 'Impostazioni',
  },
  header: {
    openNavigation: 'Apri la navigazione',
    closeNavigation: 'Chiudi la navigazione',
    toDark: 'Passa ai colori scuri',
    toLight: 'Passa ai colori chiari',
    practice: 'Studio {{tenant}}',
    settings: 'Impostazioni',
    signOut: 'Esci',
    navigating: 'Caricamento della pagina…',
  },
  connection: {
    offline:
      'Nessuna connessione al server dello studio. Le modifiche potranno essere salvate solo quando la connessione sarà ristabilita.',
  },
  state: {
    loading: 'Caricamento…',
    empty: 'Ancora nessun elemento.',
    retry: 'Riprova',
  },
  error: {
    failed: '{{op}} non riuscito',
    pageFailed: 'Non è stato possibile visualizzare questa pagina',
    network: 'Il server dello studio non è raggiungibile. Verificare la connessione e riprovare.',
    timeout: 'Il server dello studio non ha risposto in tempo.',
    unauthorized: 'L’accesso non è più valido. Effettuare di nuovo l’accesso.',
    contract:
      'Il server dello studio ha risposto in una forma che questa applicazione non comprende: {{msg}}',
    server: 'Risposta del server dello studio: {{msg}}',
    unexpected: 'Si è verificato un errore: {{msg}}',
    notFound: 'A questo indirizzo non c’è nessuna pagina.',
    backToStart: 'Ai lead',
  },
  notFound: {
    title: 'Pagina non trovata',
  },
  modal: {
    confirm: 'Conferma',
    cancel: 'Annulla',
  },
  lock: {
    button: 'Blocca schermo',
    buttonTitle: 'Blocca schermo (Ctrl+Alt+L)',
    title: 'Schermo bloccato',
    user: 'Utente connesso: {{name}}',
    hintPassword: 'Inserire la password per riprendere da dove ci si era fermati.',
    hintKey: 'Inserire la chiave API usata per l’accesso per riprendere da dove ci si era fermati.',
    password: 'Password',
    apiKey: 'Chiave API',
    wrongPassword: 'La password non è corretta. Lo schermo resta bloccato.',
    wrongKey: 'La chiave API non è corretta. Lo schermo resta bloccato.',
    unlock: 'Sblocca',
    signOut: 'Esci invece',
  },
};
