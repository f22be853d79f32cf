import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const it: Translation<typeof en> = {
  title: 'Impostazioni',
  language: 'Lingua',
  languageHint: 'Finché non ne viene scelta una, l’applicazione segue la lingua del browser.',
  colorScheme: 'Colori',
  light: 'Chiaro',
  dark: 'Scuro',
  auto: 'Come il dispositivo',
  signedIn: 'Accesso effettuato',
  practice: 'Studio',
  address: 'Indirizzo dello studio',
  user: 'Utente',
  method: 'Accesso con',
  methodBasic: 'Nome utente {{user}} e password',
  methodKey: 'Chiave API',
  kept: 'Conservato',
  remembered: 'Su questo dispositivo, fino all’uscita',
  notRemembered: 'Fino alla chiusura di questa scheda',
  signOut: 'Esci',
  startPage: {
    title: 'Pagina iniziale',
    label: 'Aprire dopo l’accesso',
    hint: 'L’area che l’applicazione mostra dopo l’accesso. Salvato su questo dispositivo.',
  },
  lock: {
    title: 'Blocco dello schermo',
    enabled: 'Bloccare lo schermo quando nessuno usa l’applicazione',
    enabledHint:
      'Dopo il tempo impostato senza tastiera, mouse o tocco, tutte le schede dell’applicazione vengono coperte finché non si inserisce la password. Memorizzato su questo dispositivo.',
    rememberedHint:
      'Sempre attivo: l’accesso è stato fatto con «Ricorda su questo dispositivo», quindi dura oltre questa scheda. Accedere senza questa opzione per disattivare il blocco.',
    minutes: 'Minuti senza attività',
    minutesHint: 'Da {{min}} a {{max}} minuti.',
  },
  notKept:
    'Questo browser non ha salvato la scelta (la sua memoria è disattivata o piena): non è cambiato nulla.',
  canton: {
    title: 'Cantone dello studio',
    label: 'Giorni festivi del cantone',
    hint: 'Usato solo dove il server dello studio non indica da sé i giorni festivi: l’agenda li mostra e la prenotazione non li offre. Salvato su questo dispositivo.',
    none: 'Nessuno scelto',
  },
};
