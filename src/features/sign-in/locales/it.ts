import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const it: Translation<typeof en> = {
  title: 'Accesso',
  intro: 'Accedere al proprio studio.',
  method: 'Accedere con',
  methodBasic: 'Nome utente e password',
  methodKey: 'Chiave API',
  user: 'Nome utente',
  password: 'Password',
  apiKey: 'Chiave API',
  remember: 'Ricorda su questo dispositivo',
  rememberHint:
    'Solo su un dispositivo che nessun altro utilizza. Altrimenti l’accesso resta valido fino alla chiusura della scheda.',
  submit: 'Accedi',
  failed: 'Accesso non riuscito',
  demo: 'Questo è lo studio dimostrativo: le credenziali dimostrative sono già inserite.',
  again: 'Effettuare di nuovo l’accesso per riprendere da dove si era rimasti.',
  pick: {
    title: 'Chi è Lei?',
    hint: 'Questo servizio non indica a chi appartengono le credenziali. Si scelga una volta; la scelta viene conservata con l’accesso.',
    label: 'Sono',
    submit: 'Continua',
  },
  errors: {
    userRequired: 'Inserire il nome utente.',
    passwordRequired: 'Inserire la password.',
    keyRequired: 'Inserire la chiave API.',
    pickRequired: 'Indicare chi si è.',
  },
  wrongPassword: 'Nome utente o password errati.',
  wrongKey: 'Questa chiave API non è valida per questo studio.',
};
