/**
 * The practice's name in the header and on the lock screen. The Practice API names no practice: the nearest the
 * service offers is the tenant, the first label of the practice's host name (whoami's `tenant`, or the session's
 * when a tenant has no whoami), written in lower case (`sonnenhof`, `praxis-am-see`). Shown as a name: words
 * separated, each capitalised (docs/decisions/0026-demo-labels-in-german.md).
 */
export function practiceName(tenant: string): string {
  return tenant
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toLocaleUpperCase('de-CH') + w.slice(1))
    .join(' ');
}

/** A first word that already says "practice" (in the four languages, or a clinic's): the name stands alone. */
const practiceWords = new Set([
  'praxis',
  'gruppenpraxis',
  'arztpraxis',
  'practice',
  'cabinet',
  'studio',
  'clinic',
  'klinik',
  'clinique',
  'clinica',
  'zentrum',
  'centre',
  'center',
  'centro',
  'ambulatorium',
]);

/** Whether the name needs the word "practice" before it (`Praxis Sonnenhof`), or says so itself (`Praxis am See`). */
export function namesItselfPractice(name: string): boolean {
  const first = name.split(' ')[0]?.toLocaleLowerCase('de-CH') ?? '';
  return practiceWords.has(first);
}

/** What the header shows: `Praxis Sonnenhof` (the word in the UI language), or the name alone when it says so. */
export function practiceTitle(
  tenant: string,
  t: (key: 'header.practice', o: { tenant: string }) => string,
): string {
  const name = practiceName(tenant);
  if (name === '') return '';
  return namesItselfPractice(name) ? name : t('header.practice', { tenant: name });
}
