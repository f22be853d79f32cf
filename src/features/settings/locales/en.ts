/** Strings of the `settings` area (namespace `settings`), in English: the keys every other language must have. */
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
  startPage: {
    title: 'Start page',
    label: 'Open after signing in',
    hint: 'The area the app shows after signing in. Kept on this device.',
  },
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
  notKept: 'This browser did not keep the choice (its storage is switched off or full): nothing changed.',
  canton: {
    title: 'Canton of the practice',
    label: 'Public holidays of the canton',
    hint: "Used only where the practice's server does not name its holidays itself: the agenda shows them and booking does not offer them. Kept on this device.",
    none: 'None chosen',
  },
} as const;
