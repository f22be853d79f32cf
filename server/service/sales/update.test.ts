import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryEntry, MSG } from '#contract/sales.ts';
import { expectError, type SalesService, startSales, uniqueName } from './test-helpers.ts';

let s: SalesService;
beforeAll(async () => {
  s = await startSales();
}, 60_000);
afterAll(() => s.svc.close());

const history = async (leadId: number) =>
  (await s.ok('getLeadHistory', { leadId, type: '' })) as HistoryEntry[];

describe('updateLead', () => {
  it('changes only the fields sent and writes one history entry naming the change', async () => {
    const name = uniqueName();
    const { leadId } = await s.createLead({
      contact: { lastname: name, firstname: 'Anna' },
      communication: { mail: 'old@example.ch', phone: '044 123 45 67' },
      address: { city: 'Bern' },
      what: 'Knie',
    });
    await s.ok('updateLead', {
      leadId,
      communication: { mail: 'anna@example.ch' },
      address: { zip: '3000' },
    });
    const after = await s.lead(leadId);
    expect(after.communication.mail).toBe('anna@example.ch');
    expect(after.communication.phone).toBe('044 123 45 67');
    expect(after.address).toMatchObject({ city: 'Bern', zip: '3000' });
    expect(after.contact).toMatchObject({ lastname: name, firstname: 'Anna' });
    expect(after.what).toBe('Knie');

    const entries = (await history(leadId)).filter((e) => e.category === 'Data');
    expect(entries).toHaveLength(1);
    expect(entries[0].text).toContain('communication.mail: old@example.ch → anna@example.ch');
    expect(entries[0].text).toContain('address.zip: — → 3000');
    expect(entries[0].text).not.toContain('city');
  });

  it('finds the lead by its new mail afterwards', async () => {
    const { leadId } = await s.createLead();
    const mail = `${uniqueName('neu').toLowerCase()}@example.ch`;
    await s.ok('updateLead', { leadId, communication: { mail } });
    const r = await s.call('getLeads', { filter: { search: mail } });
    expect((r.body.result as { leadId: number }[]).map((l) => l.leadId)).toEqual([leadId]);
  });

  it('changes source, flags, what and medical data; upper-cases the country code', async () => {
    const { leadId } = await s.createLead();
    await s.ok('updateLead', {
      leadId,
      source: 'M',
      what: 'Hüfte',
      medical: { height: '172', job: 'Lehrerin' },
      address: { countryCode: 'ch' },
    });
    const l = await s.lead(leadId);
    expect(l).toMatchObject({ source: 'M', what: 'Hüfte', address: { countryCode: 'CH' } });
    expect(l.medical).toMatchObject({ height: 172, job: 'Lehrerin' });
  });

  it('writes no history entry when nothing changes', async () => {
    const name = uniqueName();
    const { leadId } = await s.createLead({ contact: { lastname: name } });
    await s.ok('updateLead', { leadId, contact: { lastname: name } });
    expect((await history(leadId)).filter((e) => e.category === 'Data')).toHaveLength(0);
  });

  it('keeps the identifying rule: the last identifying field cannot be emptied', async () => {
    const { leadId } = await s.createLead();
    expectError(await s.call('updateLead', { leadId, contact: { lastname: '  ' } }), 400, MSG.identifying);
    await s.ok('updateLead', {
      leadId,
      communication: { mobile: '079 555 11 22' },
      contact: { lastname: '' },
    });
    expect((await s.lead(leadId)).contact.lastname).toBe('');
  });

  it('refuses a missing or invalid leadId, an unknown lead, a deleted lead and unknown fields', async () => {
    expectError(await s.call('updateLead', {}), 400, MSG.leadId);
    expectError(await s.call('updateLead', { leadId: 'x' }), 400, MSG.leadId);
    expectError(await s.call('updateLead', { leadId: 99_999_999, what: 'x' }), 404, MSG.leadNotFound);
    const { leadId } = await s.createLead();
    expectError(
      await s.call('updateLead', { leadId, contact: { shoeSize: 42 } }),
      400,
      'Unknown field: contact.shoeSize.',
    );
    expectError(await s.call('updateLead', { leadId, source: 'NOPE' }), 422, `${MSG.unknownSource}NOPE`);
    expectError(
      await s.call('updateLead', { leadId, flags: ['__proto__'] }),
      422,
      `${MSG.unknownFlag}__proto__`,
    );
    await s.ok('deleteLead', { leadId, reason: 'Duplikat' });
    expectError(await s.call('updateLead', { leadId, what: 'x' }), 422, MSG.leadDeleted);
  });
});
