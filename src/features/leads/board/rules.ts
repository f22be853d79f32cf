import {
  convertedFolderIds,
  disqualifiedFolderIds,
  type Folder,
  type Lead,
  standardFolderIds,
} from '#contract/sales.ts';

/**
 * The folder rules of the board, the same for drag and drop, "Move to…" and the bulk move
 * (docs/api.md#folders).
 */

/** A board: patient leads (ispatient 1) or contact leads (ispatient 0). */
export type Pipeline = 'patient' | 'contact';

export function ispatientOf(pipeline: Pipeline): 0 | 1 {
  return pipeline === 'patient' ? 1 : 0;
}

/**
 * The columns of a pipeline, in the order the service lists them; the standard folders of the other pipeline
 * never appear, even when a tenant's folder list gets them wrong.
 */
export function pipelineFolders(folders: readonly Folder[], ispatient: 0 | 1): Folder[] {
  return folders.filter((f) => {
    if (f.ispatient !== ispatient) return false;
    if (!(standardFolderIds as readonly number[]).includes(f.folderId)) return true;
    return ispatient === 1 ? f.folderId < 10 : f.folderId > 10;
  });
}

export function isDisqualifiedFolder(folderId: number): boolean {
  return (disqualifiedFolderIds as readonly number[]).includes(folderId);
}

export function isConvertedFolder(folderId: number): boolean {
  return (convertedFolderIds as readonly number[]).includes(folderId);
}

/**
 * What dropping a card on a folder does:
 * - none: it is already there;
 * - refuse: the folder is not in the lead's pipeline, or the lead is deleted (the board does not offer these);
 * - disqualify: folders 5/15 are only reached through disqualifyLead (a dialog asks for the reason);
 * - convert: folders 4/14 of a lead not yet converted go through convertLead (a dialog picks the patient);
 * - move: setLeadFolder. A lead already converted may move into 4/14 without converting again.
 */
export type DropAction = 'none' | 'refuse' | 'disqualify' | 'convert' | 'move';

export function dropAction(
  lead: Pick<Lead, 'ispatient' | 'folderId' | 'deleted' | 'conversionDate'>,
  target: Folder,
): DropAction {
  if (lead.deleted) return 'refuse';
  if (target.ispatient !== lead.ispatient) return 'refuse';
  if (target.folderId === lead.folderId) return 'none';
  if (isDisqualifiedFolder(target.folderId)) return 'disqualify';
  if (isConvertedFolder(target.folderId) && !lead.conversionDate) return 'convert';
  return 'move';
}

/** The folders "Move to…" offers for one lead: its pipeline's, without the one it is in. */
export function moveTargets(
  lead: Pick<Lead, 'ispatient' | 'folderId' | 'deleted'>,
  folders: readonly Folder[],
): Folder[] {
  if (lead.deleted) return [];
  return pipelineFolders(folders, lead.ispatient).filter((f) => f.folderId !== lead.folderId);
}

/** The folders the bulk move offers: the pipeline's, without 5/15 (bulkSetFolder refuses them). */
export function bulkMoveTargets(folders: readonly Folder[], ispatient: 0 | 1): Folder[] {
  return pipelineFolders(folders, ispatient).filter((f) => !isDisqualifiedFolder(f.folderId));
}
