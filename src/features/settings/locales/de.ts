import type { Translation } from '#i18n/types.ts';
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
  startPage: {
    title: 'Startseite',
    label: 'Nach der Anmeldung öffnen',
    hint: 'Der Bereich, den die App nach der Anmeldung zeigt. Auf diesem Gerät gespeichert.',
  },
  lock: {
    title: 'Bildschirmsperre',
    enabled: 'Bildschirm sperren, wenn niemand die App benutzt',
    enabledHint:
      'Nach der eingestellten Zeit ohne Tastatur-, Maus- oder Touch-Eingabe werden alle Tabs der App verdeckt, bis das Passwort eingegeben wird. Auf diesem Gerät gespeichert.',
    rememberedHint:
      'Immer eingeschaltet: Sie haben sich mit «Auf diesem Gerät merken» angemeldet, die Anmeldung bleibt also über diesen Tab hinaus bestehen. Melden Sie sich ohne diese Option an, um die Sperre auszuschalten.',
    minutes: 'Minuten ohne Eingabe',
    minutesHint: 'Von {{min}} bis {{max}} Minuten.',
  },
  notKept:
    'Dieser Browser hat die Auswahl nicht gespeichert (sein Speicher ist ausgeschaltet oder voll): Nichts wurde geändert.',
  canton: {
    title: 'Kanton der Praxis',
    label: 'Feiertage des Kantons',
    hint: 'Nur verwendet, wo der Server der Praxis die Feiertage nicht selbst nennt: Die Agenda zeigt sie, die Terminbuchung bietet sie nicht an. Auf diesem Gerät gespeichert.',
    none: 'Keiner gewählt',
  },
};
