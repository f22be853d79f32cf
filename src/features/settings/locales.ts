import type { Translation } from '../../i18n/types.ts';

export const en = {
  title: 'Settings',
  language: 'Language',
  languageHint: 'Until you choose one, the app follows the browser’s language.',
  colorScheme: 'Colour scheme',
  light: 'Light',
  dark: 'Dark',
  auto: 'As the device',
  signedIn: 'Signed in',
  practice: 'Practice',
  address: 'Practice address',
  user: 'User',
  method: 'Signed in with',
  methodBasic: 'User name {{user}} and password',
  methodKey: 'API key',
  kept: 'Kept',
  remembered: 'On this device, until you sign out',
  notRemembered: 'Until this browser tab is closed',
  signOut: 'Sign out',
  lock: {
    title: 'Screen lock',
    enabled: 'Lock the screen when nobody uses the app',
    enabledHint:
      'After the set time without keyboard, mouse or touch input, every tab of the app is covered until the password is entered. Kept on this device.',
    rememberedHint:
      'Always on: you signed in with “Remember on this device”, so the sign-in outlives this tab. Sign in without it to switch the lock off.',
    minutes: 'Minutes without input',
    minutesHint: 'From {{min}} to {{max}} minutes.',
  },
} as const;

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
};
