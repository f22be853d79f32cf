import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const de: Translation<typeof en> = {
  title: 'Anmelden',
  intro: 'Melden Sie sich bei Ihrer Praxis an.',
  method: 'Anmelden mit',
  methodBasic: 'Benutzername und Passwort',
  methodKey: 'API-Schlüssel',
  user: 'Benutzername',
  password: 'Passwort',
  apiKey: 'API-Schlüssel',
  remember: 'Auf diesem Gerät merken',
  rememberHint:
    'Nur auf einem Gerät, das niemand sonst benutzt. Sonst bleiben Sie angemeldet, bis der Tab geschlossen wird.',
  submit: 'Anmelden',
  failed: 'Anmeldung fehlgeschlagen',
  demo: 'Dies ist die Demo-Praxis: Die Demo-Zugangsdaten sind eingetragen.',
  again: 'Bitte melden Sie sich erneut an, um dort weiterzumachen, wo Sie waren.',
  pick: {
    title: 'Wer sind Sie?',
    hint: 'Dieser Praxisdienst sagt nicht, wem die Zugangsdaten gehören. Wählen Sie sich einmal aus; die Wahl wird mit der Anmeldung gespeichert.',
    label: 'Ich bin',
    submit: 'Weiter',
  },
  errors: {
    userRequired: 'Geben Sie Ihren Benutzernamen ein.',
    passwordRequired: 'Geben Sie Ihr Passwort ein.',
    keyRequired: 'Geben Sie den API-Schlüssel ein.',
    pickRequired: 'Wählen Sie aus, wer Sie sind.',
  },
  wrongPassword: 'Benutzername oder Passwort ist falsch.',
  wrongKey: 'Dieser API-Schlüssel gilt nicht für diese Praxis.',
};
