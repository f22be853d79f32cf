import type { Translation } from '../../../i18n/types.ts';
import type { en } from './en.ts';

export const de: Translation<typeof en> = {
  title: 'Einstellungen',
  language: 'Sprache',
  languageHint: 'Solange Sie keine wählen, folgt die App der Sprache des Browsers.',
  colorScheme: 'Farbschema',
  light: 'Hell',
  dark: 'Dunkel',
  auto: 'Wie das Gerät',
  signedIn: 'Angemeldet',
  practice: 'Praxis',
  address: 'Praxisadresse',
  user: 'Benutzer',
  method: 'Angemeldet mit',
  methodBasic: 'Benutzername {{user}} und Passwort',
  methodKey: 'API-Schlüssel',
  kept: 'Gespeichert',
  remembered: 'Auf diesem Gerät, bis Sie sich abmelden',
  notRemembered: 'Bis dieser Browser-Tab geschlossen wird',
  signOut: 'Abmelden',
};
