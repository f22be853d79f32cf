import type { TFunction } from 'i18next';
import { folderName } from '#components/codes.ts';
import type { HistoryEntry } from '#contract/sales.ts';

/**
 * The texts the reference service writes itself into a lead's history (a watcher joined, a folder or assignee
 * change, changed data) are English sentences around names. Shown in the app's language: the sentence is
 * translated, a standard folder's name too, and names and values stay as written. A text of any other form (another
 * practice system's wording, a note) is shown exactly as the service sent it.
 */
export function historyText(
  entry: Pick<HistoryEntry, 'type' | 'category' | 'text'>,
  folders: readonly { folderId: number; label: string }[],
  t: TFunction<'leadDetails'>,
): string {
  const text = entry.text;
  if (entry.type === 'J') {
    const m = /^Watcher joined: (.+)$/s.exec(text);
    if (m) return t('system.watcherJoined', { name: m[1] });
  }
  if (entry.type === 'S') {
    const m = /^Folder: (.+?) → (.+?)( \(.*\))?$/s.exec(text);
    if (m) {
      const folder = (label: string) => {
        const known = folders.find((f) => f.label === label);
        return known ? folderName(known) : label;
      };
      // A disqualification's note is `(CODE: label)`: the practice's label says it, the code is for machines.
      const note = (m[3] ?? '').replace(/^ \([A-Z][A-Z0-9_]*: (.+)\)$/s, ' ($1)');
      return `${t('system.folder', { from: folder(m[1]), to: folder(m[2]) })}${note}`;
    }
  }
  if (entry.type === 'A') {
    const m = /^Assignee: (.+) → (.+)$/s.exec(text);
    if (m) {
      const who = (name: string) => (name === '-' ? t('system.nobody') : name);
      return t('system.assignee', { from: who(m[1]), to: who(m[2]) });
    }
  }
  if (entry.category === 'Data') {
    const m = /^Data changed: (.+)$/s.exec(text);
    if (m) {
      // `contact.lastname: A → B; communication.mail: x → y`: each field by the name the data form gives it.
      const changes = m[1].split('; ').map((part) => {
        const at = /^([a-z]+(?:\.[A-Za-z0-9]+)?): /.exec(part);
        if (!at) return part;
        const field = at[1].split('.').pop() ?? at[1];
        const key = `field.${field}`;
        const label = t(key, { key: field, defaultValue: '' });
        return label ? `${label}: ${part.slice(at[0].length)}` : part;
      });
      return t('system.dataChanged', { changes: changes.join('; ') });
    }
  }
  return text;
}

/**
 * The category badge of an entry: the practice's own label from the reference data; `Data`, which the reference
 * service's updateLead writes and the reference data does not list, in the app's language; any other code as sent.
 */
export function historyCategory(
  code: string,
  categories: readonly { code: string; label: string }[],
  t: TFunction<'leadDetails'>,
): string {
  const known = categories.find((c) => c.code === code);
  if (known) return known.label;
  return code === 'Data' ? t('system.dataCategory') : code;
}
