/**
 * The namespaces of strings, listed once: the app's loader (load.ts), the tests' eager copy (resources.ts,
 * locales.test.ts), the key check (scripts/i18n-keys.ts) and the screen text check (e2e/text-checks.ts) read it.
 * Each namespace is a folder under `src/` with one file per language (`<folder>/<lang>.ts`, exporting the const
 * `<lang>`). The types of the keys (i18next.d.ts) name the same namespaces; a test holds the two together.
 * Plain data and functions only: Node's scripts import this file as it is.
 */
export const namespaceFolders = {
  common: 'i18n/common',
  // The service's messages in the user's words (docs/decisions/0032): loaded by components/messages.ts on first use.
  messages: 'i18n/messages',
  // The gap offers of Today and the agenda (components/gaps/): loaded with their part, after the page.
  gaps: 'i18n/gaps',
  accounting: 'features/accounting/locales',
  agenda: 'features/agenda/locales',
  booking: 'features/booking/locales',
  labor: 'features/labor/locales',
  leads: 'features/leads/locales',
  // The lead page, its timeline, the new-lead form, the deleted leads and the lead dialogs: loaded with the page
  // or the dialog, not with the board's first cards.
  leadDetails: 'features/leads/details/locales',
  patients: 'features/patients/locales',
  recalls: 'features/recalls/locales',
  settings: 'features/settings/locales',
  'sign-in': 'features/sign-in/locales',
  stats: 'features/stats/locales',
  tasks: 'features/tasks/locales',
  today: 'features/today/locales',
  // The waiting list's screen and its add/edit dialog (components/waitlist/, loaded with the dialog).
  waitlist: 'features/waitlist/locales',
} as const;

export type Namespace = keyof typeof namespaceFolders;

export const namespaces = Object.keys(namespaceFolders) as Namespace[];

/**
 * The namespaces of the shell (navigation, the header's patient search field), loaded before the first render. An
 * area's own namespace is loaded by its route before the area shows (router.tsx), and a deferred part's with its code
 * (the overdue badge: tasks; the header's patient search box: patients), so no key ever flashes. `patients` is the
 * patient search's and the new-patient dialog's too: every area that shows them loads it with its own (issue 38).
 */
export const shellNamespaces = ['common'] as const satisfies readonly Namespace[];

const byFolder = new Map<string, Namespace>(namespaces.map((ns) => [namespaceFolders[ns], ns]));

export function isNamespace(value: string): value is Namespace {
  return Object.hasOwn(namespaceFolders, value);
}

/**
 * The namespace and language of a locale file: `…/src/features/leads/details/locales/fr.ts` (any prefix up to
 * `src/`, a path relative to `src/`, or as a glob in `src/i18n/` names it: `./common/fr.ts`, `../features/…`) is
 * `leadDetails` in `fr`. Undefined for any other file.
 */
export function localeFileOf(path: string): { ns: Namespace; lng: string } | undefined {
  const fromSrc = path.startsWith('./') ? `i18n/${path.slice(2)}` : path;
  const m = /(?:^|\/)(?:src\/)?((?:i18n|features)\/[\w/-]+)\/([a-z]{2})\.ts$/.exec(fromSrc);
  if (!m) return undefined;
  const ns = byFolder.get(m[1]);
  return ns === undefined ? undefined : { ns, lng: m[2] };
}
