import i18next from 'i18next';
import type { en } from '#i18n/common/en.ts';

/**
 * What the app knows by id or code, in the UI language (namespace `common`, i18next's default namespace): the standard lead folders and the
 * appointment states. The service names folders in one language only; custom folders (id 100 and up) keep the
 * label the practice gave them.
 */

const standardFolderKeys: ReadonlyMap<number, keyof typeof en.folder> = new Map([
  [1, 'open'],
  [2, 'toBeContacted'],
  [3, 'inDiscussion'],
  [4, 'converted'],
  [5, 'disqualified'],
  [11, 'open'],
  [12, 'toBeContacted'],
  [13, 'inDiscussion'],
  [14, 'converted'],
  [15, 'disqualified'],
]);

/** A folder's name: the translation for a standard folder (1-5, 11-15), the service's label for any other. */
export function folderName(folder: { folderId: number; label: string }): string {
  const key = standardFolderKeys.get(folder.folderId);
  return key ? i18next.t(`folder.${key}`) : folder.label;
}

/** `other` is the sentence for a code not listed here. */
type StateKey = Exclude<keyof typeof en.appointmentState, 'other'>;

const appointmentStateKeys: ReadonlyMap<string, StateKey> = new Map([
  ['P', 'planned'],
  ['W', 'waiting'],
  ['1', 'arrived'],
  ['2', 'done'],
  ['-1', 'cancelled'],
  ['-2', 'noShow'],
  ['', 'none'],
]);

/** An appointment state's name (P, W, 1, 2, -1, -2); an unknown code as `State X`. */
export function appointmentStateName(state: string): string {
  const key = appointmentStateKeys.get(state);
  return key ? i18next.t(`appointmentState.${key}`) : i18next.t('appointmentState.other', { state });
}
