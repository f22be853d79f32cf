/**
 * The practice's own labels in German, as a practice in Zurich writes them (docs/api.md#demo-data,
 * docs/decisions/0026-demo-labels-in-german.md). Migration 0002 wrote the reference data in English and older
 * seeds wrote the two custom folders in English; this rewrites exactly those seeded labels, and only where they
 * still read as seeded: a label the practice has changed since stays as it is. On a new database it turns 0002's
 * reference data German before the seed runs.
 *
 * The folder-change entries (type S) quote folder and disqualification labels (`Folder: Open → Waiting list`,
 * `(PRICE: Too expensive)`): the seeded ones are rewritten too, so the history names the folders as the board does.
 */

/** [kind, code, seeded English label, German label] of lead_reference. */
export const referenceLabels: readonly (readonly [string, string, string, string])[] = [
  ['sources', 'M', 'Word of mouth', 'Mund-zu-Mund'],
  ['sources', 'P', 'Phone', 'Telefon'],
  ['sources', 'R', 'Referral by a physician', 'Zuweisung Arzt/Ärztin'],
  ['sources', 'E', 'Event', 'Veranstaltung'],
  ['sources', 'S', 'Social media', 'Social Media'],
  ['flags', 'URGENT', 'Urgent', 'Dringend'],
  ['flags', 'CALLBACK', 'Callback requested', 'Rückruf gewünscht'],
  ['flags', 'VVG', 'Supplementary insurance', 'Zusatzversicherung'],
  ['flags', 'FOREIGN', 'From abroad', 'Aus dem Ausland'],
  ['disqualification', 'PRICE', 'Too expensive', 'Zu teuer'],
  ['disqualification', 'NOFIT', 'Not a fit for the practice', 'Passt nicht zur Praxis'],
  ['disqualification', 'NOREACH', 'Not reachable', 'Nicht erreichbar'],
  ['disqualification', 'COMPETITOR', 'Chose another provider', 'Anderer Anbieter gewählt'],
  ['disqualification', 'DUPLICATE', 'Duplicate', 'Doppelt erfasst'],
  ['disqualification', 'OTHER', 'Other', 'Anderer Grund'],
  ['categories', 'CALL', 'Phone call', 'Telefonat'],
  ['categories', 'MAIL', 'E-mail', 'E-Mail'],
  ['categories', 'MEETING', 'Meeting', 'Besprechung'],
  ['categories', 'OFFER', 'Offer', 'Offerte'],
  ['categories', 'INFO', 'Information', 'Information'],
];

/** [folderId, ispatient, seeded English label, German label] of the seeded custom folders. */
export const customFolderLabels: readonly (readonly [number, number, string, string])[] = [
  [100, 1, 'Waiting list', 'Warteliste'],
  [101, 0, 'Partner follow-up', 'Nachfassen Partner'],
];

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

const reference = referenceLabels
  .filter(([, , en, de]) => en !== de)
  .map(
    ([kind, code, en, de]) =>
      `UPDATE lead_reference SET label = ${q(de)} WHERE kind = ${q(kind)} AND code = ${q(code)} AND label = ${q(en)};`,
  );

const folders = customFolderLabels.map(
  ([id, isp, en, de]) =>
    `UPDATE lead_folders SET label = ${q(de)} WHERE folder_id = ${id} AND ispatient = ${isp} AND custom = 1 AND label = ${q(en)};`,
);

// `Folder: <from> → <to>[ (<note>)]`: the custom folder's old label as <from> or as <to> (then at the end or
// before the note), and a disqualification note `(<code>: <label>)` at the end. Only entries of type S.
const history = [
  ...customFolderLabels.flatMap(([, , en, de]) => [
    `UPDATE lead_history SET text = 'Folder: ' || ${q(de)} || substr(text, ${'Folder: '.length + en.length + 1})
       WHERE type = 'S' AND substr(text, 1, ${'Folder: '.length + en.length + 3}) = ${q(`Folder: ${en} → `)};`,
    `UPDATE lead_history SET text = substr(text, 1, length(text) - ${en.length}) || ${q(de)}
       WHERE type = 'S' AND text LIKE 'Folder: %' AND substr(text, -${en.length + 3}) = ${q(` → ${en}`)};`,
    `UPDATE lead_history SET text = replace(text, ${q(` → ${en} (`)}, ${q(` → ${de} (`)})
       WHERE type = 'S' AND text LIKE 'Folder: %' AND instr(text, ${q(` → ${en} (`)}) > 0;`,
  ]),
  ...referenceLabels
    .filter(([kind, , en, de]) => kind === 'disqualification' && en !== de)
    .map(
      ([, code, en, de]) =>
        `UPDATE lead_history SET text = substr(text, 1, length(text) - ${code.length + en.length + 5}) || ${q(` (${code}: ${de})`)}
       WHERE type = 'S' AND text LIKE 'Folder: %' AND substr(text, -${code.length + en.length + 5}) = ${q(` (${code}: ${en})`)};`,
    ),
];

export const germanLabels = [...reference, ...folders, ...history].join('\n');
