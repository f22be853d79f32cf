/** Folder moves (one lead and bulk), disqualification and assignment. */
import { type BulkResult, disqualifiedFolderOf, MSG } from '#contract/sales.ts';
import { sql } from '../db/database.ts';
import { fail, type Handlers } from '../handler.ts';
import {
  changeAssignee,
  folderOf,
  isDisqualifiedFolder,
  leadBrief,
  leadName,
  moveFolder,
  notify,
  refLabel,
  requireActiveLead,
  userOf,
} from './store.ts';

function emptyBulk(): BulkResult {
  return { updated: 0, skipped: [], errors: [] };
}

export const folderHandlers: Handlers = {
  setLeadFolder: (ctx, input) => {
    if (isDisqualifiedFolder(input.folderId)) fail(422, MSG.disqualifyOnly);
    const folder = folderOf(ctx.db, input.folderId);
    if (!folder) fail(400, MSG.leadAndFolder);
    const lead = requireActiveLead(ctx.db, input.leadId);
    if (folder.ispatient !== lead.ispatient) fail(422, MSG.otherPipeline);
    // Folders 4 and 14 set by hand convert nothing (convertLead does): only the folder changes.
    if (lead.folder_id !== input.folderId) moveFolder(ctx, lead, input.folderId);
    return { result: null };
  },

  disqualifyLead: (ctx, input) => {
    const code = input.reasonCode;
    const label = refLabel(ctx.db, 'disqualification', code);
    if (label === undefined) fail(422, `${MSG.unknownReasonCode}${code}`);
    const lead = requireActiveLead(ctx.db, input.leadId);
    const target = disqualifiedFolderOf(lead.ispatient);
    if (lead.folder_id === target && lead.reason_disqualified === code) return { result: null };
    moveFolder(ctx, lead, target, `${code}: ${label}`);
    sql(ctx.db, 'UPDATE leads SET reason_disqualified = ? WHERE lead_id = ?').run(code, lead.lead_id);
    return { result: null };
  },

  // The bulk operations pause now and then: 1,000 leads with long texts take longer than another tenant may wait.
  bulkSetFolder: async (ctx, input) => {
    if (isDisqualifiedFolder(input.folderId)) fail(422, MSG.disqualifyOnly);
    const folder = folderOf(ctx.db, input.folderId);
    if (!folder) fail(400, MSG.folderId);
    const out = emptyBulk();
    for (const leadId of new Set(input.leadIds)) {
      await ctx.pause();
      const lead = leadBrief(ctx.db, leadId);
      if (!lead) out.errors.push({ leadId, msg: MSG.leadNotFound });
      else if (lead.deleted === 1) out.skipped.push({ leadId, reason: 'deleted' });
      else if (lead.ispatient !== folder.ispatient) out.errors.push({ leadId, msg: MSG.otherPipeline });
      else if (lead.folder_id === input.folderId) out.skipped.push({ leadId, reason: 'unchanged' });
      else {
        moveFolder(ctx, lead, input.folderId);
        out.updated++;
      }
    }
    return { result: out };
  },

  bulkAssign: async (ctx, input) => {
    const userId = input.userId ? input.userId : null;
    if (userId !== null && !userOf(ctx.db, userId)) fail(422, MSG.userNotFound);
    const out = emptyBulk();
    for (const leadId of new Set(input.leadIds)) {
      await ctx.pause();
      const lead = leadBrief(ctx.db, leadId);
      if (!lead) out.errors.push({ leadId, msg: MSG.leadNotFound });
      else if (lead.deleted === 1) out.skipped.push({ leadId, reason: 'deleted' });
      else if (lead.assignee_id === userId) out.skipped.push({ leadId, reason: 'unchanged' });
      else {
        changeAssignee(ctx, lead, userId);
        out.updated++;
        // One mail per lead (docs/api.md#folders: bulkAssign notify).
        if (input.notify && userId !== null) {
          const name = leadName(lead);
          notify(
            ctx,
            userId,
            lead.lead_id,
            `Lead assigned to you: ${name}`,
            `The lead ${name} (#${lead.lead_id}) was assigned to you.`,
          );
        }
      }
    }
    return { result: out };
  },
};
