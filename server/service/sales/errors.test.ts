/**
 * One test per row of the API document's Errors table (docs/api.md#errors) for the sales operations, and per sales message of
 * docs/api.md#sales (plus the decided ones of docs/decisions/0003-sales-open-points.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type SalesService, startSales } from './test-helpers.ts';

let s: SalesService;
let live: number;
let other: number;
let deleted: number;
let contactLead: number;
beforeAll(async () => {
  s = await startSales();
  live = (await s.createLead()).leadId;
  other = (await s.createLead()).leadId;
  contactLead = (await s.createLead({ ispatient: 0 })).leadId;
  deleted = (await s.createLead()).leadId;
  await s.ok('deleteLead', { leadId: deleted, reason: 'test' });
}, 60_000);
afterAll(() => s.svc.close());

const missingLead = 999_999;

describe('the Errors table of practice-api.md (sales)', () => {
  it('getLeadHistory: invalid leadId -> 400 Provide a valid leadId.', async () => {
    for (const body of [{}, { leadId: 0 }, { leadId: 'abc' }, { leadId: -3 }]) {
      expectError(await s.call('getLeadHistory', body), 400, 'Provide a valid leadId.');
    }
  });

  it('createAdmission: no valid leadId or uniqid -> 400 Provide a valid leadId or uniqid.', async () => {
    expectError(
      await s.call('createAdmission', { date: '2026-04-01' }),
      400,
      'Provide a valid leadId or uniqid.',
    );
    expectError(
      await s.call('createAdmission', { leadId: 'x', date: '2026-04-01' }),
      400,
      'Provide a valid leadId or uniqid.',
    );
    expectError(await s.call('createAdmission', { uniqid: '  ' }), 400, 'Provide a valid leadId or uniqid.');
  });

  it('createAdmission: no valid date -> 400 Provide a valid date.', async () => {
    expectError(await s.call('createAdmission', { leadId: live }), 400, 'Provide a valid date.');
    expectError(
      await s.call('createAdmission', { leadId: live, date: '2026-02-30' }),
      400,
      'Provide a valid date.',
    );
    expectError(
      await s.call('createAdmission', { leadId: live, date: '01.04.2026' }),
      400,
      'Provide a valid date.',
    );
  });

  it('createAdmission: lead does not exist -> 404', async () => {
    expectError(
      await s.call('createAdmission', { leadId: missingLead, date: '2026-04-01' }),
      404,
      'Lead not found.',
    );
    expectError(
      await s.call('createAdmission', { uniqid: 'nope', date: '2026-04-01' }),
      404,
      'Lead not found.',
    );
  });

  it('createLead: no identifying field -> 400 At least one of ... is required.', async () => {
    const msg =
      'At least one of contact.lastname, communication.mail, communication.mobile, communication.phone is required.';
    expectError(await s.call('createLead', { ispatient: 1 }), 400, msg);
    expectError(
      await s.call('createLead', { ispatient: 1, contact: { firstname: 'Anna', lastname: ' ' } }),
      400,
      msg,
    );
  });

  it('createLead: creation failed -> 400 Failed to create lead. (unknown folder, source, flag or assignee)', async () => {
    const base = { ispatient: 1, contact: { lastname: 'Failing' } };
    for (const extra of [
      { folderId: 77 },
      { source: 'NOPE' },
      { flags: ['VIP', 'NOPE'] },
      { assigneeId: 4242 },
    ]) {
      expectError(await s.call('createLead', { ...base, ...extra }), 400, 'Failed to create lead.');
    }
    const r = await s.call('getLeads', { filter: { search: 'Failing' } });
    expect(r.body.pagination.total).toBe(0);
  });

  it('getLeadStats: groupBy missing -> 400 Provide a groupBy.', async () => {
    expectError(await s.call('getLeadStats', {}), 400, 'Provide a groupBy.');
    expectError(await s.call('getLeadStats', { groupBy: '' }), 400, 'Provide a groupBy.');
  });

  it('getLeadStats: groupBy not allowed -> 400 Unsupported groupBy: <value>', async () => {
    expectError(await s.call('getLeadStats', { groupBy: 'year' }), 400, 'Unsupported groupBy: year');
  });

  it('addLeadTask: invalid leadId -> 400 Provide a valid leadId.', async () => {
    expectError(await s.call('addLeadTask', { text: 'Call' }), 400, 'Provide a valid leadId.');
    expectError(await s.call('addLeadTask', { leadId: 0, text: 'Call' }), 400, 'Provide a valid leadId.');
  });

  it('addLeadTask and addLeadNote: empty text -> 400 Provide a non-empty text.', async () => {
    for (const op of ['addLeadTask', 'addLeadNote']) {
      expectError(await s.call(op, { leadId: live }), 400, 'Provide a non-empty text.');
      expectError(await s.call(op, { leadId: live, text: '   ' }), 400, 'Provide a non-empty text.');
    }
  });

  it('addLeadNote: invalid leadId -> 400 Provide a valid leadId.', async () => {
    expectError(await s.call('addLeadNote', { leadId: 'one', text: 'x' }), 400, 'Provide a valid leadId.');
  });

  it('completeLeadTask: invalid historyId -> 400 Provide a valid historyId.', async () => {
    expectError(await s.call('completeLeadTask', {}), 400, 'Provide a valid historyId.');
    expectError(await s.call('completeLeadTask', { historyId: 0 }), 400, 'Provide a valid historyId.');
  });

  it('completeLeadTask: entry does not exist -> 404', async () => {
    expectError(await s.call('completeLeadTask', { historyId: 99_999_999 }), 404, 'History entry not found.');
  });

  it('disqualifyLead: leadId or reasonCode missing -> 400 (status false and msg only)', async () => {
    expectError(
      await s.call('disqualifyLead', { reasonCode: 'PRICE' }),
      400,
      'Provide a valid leadId.',
      false,
    );
    expectError(await s.call('disqualifyLead', { leadId: live }), 400, 'Provide a reasonCode.', false);
    expectError(
      await s.call('disqualifyLead', { leadId: live, reasonCode: '' }),
      400,
      'Provide a reasonCode.',
      false,
    );
  });

  it('disqualifyLead: unknown code -> 422 Unknown reasonCode: <code>', async () => {
    expectError(
      await s.call('disqualifyLead', { leadId: live, reasonCode: 'BORED' }),
      422,
      'Unknown reasonCode: BORED',
      false,
    );
  });

  it('deleteLead: invalid leadId -> 400 Provide a valid leadId.', async () => {
    expectError(await s.call('deleteLead', { reason: 'x' }), 400, 'Provide a valid leadId.');
  });

  it('deleteLead: reason missing -> 422 Reason required for delete.', async () => {
    expectError(await s.call('deleteLead', { leadId: live }), 422, 'Reason required for delete.');
    expectError(
      await s.call('deleteLead', { leadId: live, reason: '  ' }),
      422,
      'Reason required for delete.',
    );
    expect((await s.lead(live)).deleted).toBe(false);
  });

  it('restoreLead: invalid leadId -> 400 Provide a valid leadId.', async () => {
    expectError(await s.call('restoreLead', { leadId: 'x' }), 400, 'Provide a valid leadId.');
  });

  it('restoreLead: lead missing or already active -> 404', async () => {
    expectError(await s.call('restoreLead', { leadId: missingLead }), 404, 'Lead not found.');
    expectError(await s.call('restoreLead', { leadId: live }), 404, 'Lead is not deleted.');
  });

  it('setLeadFolder: leadId or folderId invalid -> 400 Provide valid leadId and folderId. (msg only)', async () => {
    const msg = 'Provide valid leadId and folderId.';
    expectError(await s.call('setLeadFolder', { folderId: 2 }), 400, msg, false);
    expectError(await s.call('setLeadFolder', { leadId: live }), 400, msg, false);
    expectError(await s.call('setLeadFolder', { leadId: live, folderId: 0 }), 400, msg, false);
    expectError(await s.call('setLeadFolder', { leadId: live, folderId: 77 }), 400, msg, false);
  });

  it('setLeadFolder: folderId 5 or 15 -> 422 FolderId 5 requires disqualifyLead.', async () => {
    expectError(
      await s.call('setLeadFolder', { leadId: live, folderId: 5 }),
      422,
      'FolderId 5 requires disqualifyLead.',
      false,
    );
    expectError(
      await s.call('setLeadFolder', { leadId: contactLead, folderId: 15 }),
      422,
      'FolderId 5 requires disqualifyLead.',
      false,
    );
  });

  it('linkLeadToPatient: invalid leadId or patid -> 400', async () => {
    expectError(await s.call('linkLeadToPatient', { patid: 1 }), 400, 'Provide a valid leadId.');
    expectError(await s.call('linkLeadToPatient', { leadId: live }), 400, 'Provide a valid patid.');
    expectError(
      await s.call('linkLeadToPatient', { leadId: live, patid: -1 }),
      400,
      'Provide a valid patid.',
    );
  });

  it('linkLeadToPatient: lead unknown -> 404 Lead not found.', async () => {
    expectError(await s.call('linkLeadToPatient', { leadId: missingLead, patid: 1 }), 404, 'Lead not found.');
  });

  it('linkLeadToPatient: patient unknown -> 422 Patient not found., deleted -> 422 Patient is deleted.', async () => {
    expectError(
      await s.call('linkLeadToPatient', { leadId: live, patid: 987_654 }),
      422,
      'Patient not found.',
    );
    // Every 40th seeded patient is deleted (docs/decisions/0019).
    expectError(await s.call('linkLeadToPatient', { leadId: live, patid: 40 }), 422, 'Patient is deleted.');
  });

  it('bulkAssign: leadIds empty or missing -> 400 Provide a non-empty leadIds array.', async () => {
    for (const body of [{}, { leadIds: [] }, { leadIds: 'x' }, { leadIds: [0] }]) {
      expectError(
        await s.call('bulkAssign', { ...body, userId: 6 }),
        400,
        'Provide a non-empty leadIds array.',
      );
    }
  });
});

describe('the sales messages of extensions.md section 3', () => {
  it('getReferenceData: unknown kind -> 400 Unsupported kind: <kind>', async () => {
    expectError(
      await s.call('getReferenceData', { kinds: ['flags', 'colours'] }),
      400,
      'Unsupported kind: colours',
    );
  });

  it('convertLead: 400 Provide a valid leadId.', async () => {
    expectError(await s.call('convertLead', {}), 400, 'Provide a valid leadId.');
  });

  it('convertLead: 404 Lead not found.', async () => {
    expectError(await s.call('convertLead', { leadId: missingLead }), 404, 'Lead not found.');
  });

  it('convertLead: 422 Patient not found.', async () => {
    expectError(await s.call('convertLead', { leadId: other, patid: 987_654 }), 422, 'Patient not found.');
    expect((await s.lead(other)).conversionDate).toBeNull();
  });

  it('convertLead: 422 Lead is deleted.', async () => {
    expectError(await s.call('convertLead', { leadId: deleted }), 422, 'Lead is deleted.');
  });

  it('convertLead: 422 Lead already converted.', async () => {
    const { leadId } = await s.createLead();
    await s.ok('linkLeadToPatient', { leadId, patid: 3 });
    expectError(await s.call('convertLead', { leadId }), 422, 'Lead already converted.');
  });

  it('bulkSetFolder: 400 Provide a non-empty leadIds array.', async () => {
    expectError(
      await s.call('bulkSetFolder', { leadIds: [], folderId: 2 }),
      400,
      'Provide a non-empty leadIds array.',
    );
  });

  it('bulkSetFolder: 400 Provide a valid folderId.', async () => {
    expectError(await s.call('bulkSetFolder', { leadIds: [live] }), 400, 'Provide a valid folderId.');
    expectError(
      await s.call('bulkSetFolder', { leadIds: [live], folderId: 77 }),
      400,
      'Provide a valid folderId.',
    );
  });

  it('bulkSetFolder: 422 FolderId 5 requires disqualifyLead. for 5 and 15', async () => {
    for (const folderId of [5, 15]) {
      expectError(
        await s.call('bulkSetFolder', { leadIds: [live], folderId }),
        422,
        'FolderId 5 requires disqualifyLead.',
      );
    }
  });

  it("bulkSetFolder: per-lead errors Lead not found. and Folder does not belong to the lead's pipeline.", async () => {
    const r = await s.ok('bulkSetFolder', { leadIds: [missingLead, contactLead], folderId: 2 });
    expect(r).toEqual({
      updated: 0,
      skipped: [],
      errors: [
        { leadId: missingLead, msg: 'Lead not found.' },
        { leadId: contactLead, msg: "Folder does not belong to the lead's pipeline." },
      ],
    });
  });

  it("setLeadFolder: other pipeline's folder -> 422 Folder does not belong to the lead's pipeline.", async () => {
    expectError(
      await s.call('setLeadFolder', { leadId: live, folderId: 12 }),
      422,
      "Folder does not belong to the lead's pipeline.",
      false,
    );
    // The contact pipeline's custom folder (101) is refused for a patient lead too.
    expectError(
      await s.call('setLeadFolder', { leadId: live, folderId: 101 }),
      422,
      "Folder does not belong to the lead's pipeline.",
      false,
    );
  });

  it('createLead: an unknown field anywhere -> 400 Unknown field: <path>.', async () => {
    expectError(
      await s.call('createLead', { ispatient: 1, contact: { lastname: 'X', foo: 1 } }),
      400,
      'Unknown field: contact.foo.',
    );
    expectError(
      await s.call('createLead', { ispatient: 1, contact: { lastname: 'X' }, colour: 'red' }),
      400,
      'Unknown field: colour.',
    );
    expectError(
      await s.call('createLead', { ispatient: 1, contact: { lastname: 'X' }, commercial: { margin: 3 } }),
      400,
      'Unknown field: commercial.margin.',
    );
  });

  it('createLead into folder 5/15 or the other pipeline is refused with 422', async () => {
    expectError(
      await s.call('createLead', { ispatient: 1, folderId: 5, contact: { lastname: 'X' } }),
      422,
      'FolderId 5 requires disqualifyLead.',
    );
    expectError(
      await s.call('createLead', { ispatient: 0, folderId: 2, contact: { lastname: 'X' } }),
      422,
      "Folder does not belong to the lead's pipeline.",
    );
  });

  it('intakeLead: no identifying field -> 400 At least one of lastname, email, phone, mobile is required.', async () => {
    expectError(
      await s.call('intakeLead', { firstname: 'Anna', city: 'Bern' }),
      400,
      'At least one of lastname, email, phone, mobile is required.',
    );
  });

  it('actions on a deleted lead -> 422 Lead is deleted.', async () => {
    expectError(await s.call('addLeadNote', { leadId: deleted, text: 'x' }), 422, 'Lead is deleted.');
    expectError(await s.call('addLeadTask', { leadId: deleted, text: 'x' }), 422, 'Lead is deleted.');
    expectError(
      await s.call('setLeadFolder', { leadId: deleted, folderId: 2 }),
      422,
      'Lead is deleted.',
      false,
    );
    expectError(
      await s.call('disqualifyLead', { leadId: deleted, reasonCode: 'PRICE' }),
      422,
      'Lead is deleted.',
      false,
    );
    expectError(await s.call('deleteLead', { leadId: deleted, reason: 'again' }), 422, 'Lead is deleted.');
  });

  it('unknown users, categories and a note as task are refused', async () => {
    expectError(
      await s.call('addLeadTask', { leadId: live, text: 'x', assignedTo: 4242 }),
      422,
      'User not found.',
    );
    expectError(await s.call('bulkAssign', { leadIds: [live], userId: 4242 }), 422, 'User not found.');
    expectError(
      await s.call('addLeadNote', { leadId: live, text: 'x', category: 'NOPE' }),
      422,
      'Unknown category: NOPE',
    );
    expectError(
      await s.call('addLeadTask', { leadId: live, text: 'x', priority: 4 }),
      400,
      'Provide a priority from 0 to 3.',
    );
    expectError(
      await s.call('addLeadTask', { leadId: live, text: 'x', reminderDate: '2026-13-01' }),
      400,
      'Provide a valid reminderDate (YYYY-MM-DD or YYYY-MM-DD HH:MM).',
    );
    const note = (await s.ok('addLeadNote', { leadId: live, text: 'just a note' })) as { historyId: number };
    expectError(
      await s.call('completeLeadTask', { historyId: note.historyId }),
      422,
      'History entry is not a task.',
    );
  });

  it('404 Lead not found. for operations on a missing lead', async () => {
    expectError(await s.call('getLeadHistory', { leadId: missingLead }), 404, 'Lead not found.');
    expectError(await s.call('addLeadNote', { leadId: missingLead, text: 'x' }), 404, 'Lead not found.');
    expectError(await s.call('deleteLead', { leadId: missingLead, reason: 'x' }), 404, 'Lead not found.');
    expectError(
      await s.call('setLeadFolder', { leadId: missingLead, folderId: 2 }),
      404,
      'Lead not found.',
      false,
    );
    expectError(
      await s.call('disqualifyLead', { leadId: missingLead, reasonCode: 'PRICE' }),
      404,
      'Lead not found.',
      false,
    );
  });

  it('list filters with malformed dates and unknown orderings are refused with 400', async () => {
    expectError(
      await s.call('getLeads', { filter: { from: '2026-1-1' } }),
      400,
      'Provide dates as YYYY-MM-DD.',
    );
    expectError(
      await s.call('getTasks', { filter: { dueTo: 'tomorrow' } }),
      400,
      'Provide dates as YYYY-MM-DD.',
    );
    expectError(await s.call('getLeads', { orderBy: 'colour' }), 400, 'Unsupported orderBy: colour');
    expectError(await s.call('getTasks', { orderDir: 'up' }), 400, 'Unsupported orderDir: up');
    expectError(
      await s.call('getLeadStats', { groupBy: 'folder', metric: 'profit' }),
      400,
      'Unsupported metric: profit',
    );
  });
});
