import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../test-support.ts';

// The practice's own labels in German, in both tenants (docs/api.md#demo-data).
let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const tenants = [
  { tenant: 'demo', basic: 'demo:demo' },
  { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' },
];

interface Item {
  code?: string;
  label: string;
  folderId?: number;
}

/** The English labels older versions seeded; none may be left. */
const english = [
  'Waiting list',
  'Partner follow-up',
  'Word of mouth',
  'Phone',
  'Urgent',
  'Callback requested',
  'Too expensive',
  'Phone call',
  'Meeting',
  'Offer',
];

describe.each(tenants)('the seeded labels of $tenant', ({ tenant, basic }) => {
  it('are German: custom folders, sources, flags, disqualification reasons, categories', async () => {
    const r = await svc.post('/sales/getReferenceData', {}, { tenant, basic });
    expect(r.body.status).toBe(true);
    const data = r.body.result as Record<string, Item[]>;
    const byCode = (kind: string) => new Map(data[kind].map((i) => [i.code, i.label]));
    expect(byCode('sources').get('M')).toBe('Mund-zu-Mund');
    expect(byCode('flags').get('URGENT')).toBe('Dringend');
    expect(byCode('flags').get('CALLBACK')).toBe('Rückruf gewünscht');
    expect(byCode('disqualification').get('PRICE')).toBe('Zu teuer');
    expect(byCode('categories').get('CALL')).toBe('Telefonat');
    const custom = data.folders.filter((f) => f.folderId !== undefined && f.folderId >= 100);
    expect(custom.map((f) => f.label)).toEqual(['Warteliste', 'Nachfassen Partner']);
    const all = Object.values(data).flatMap((items) => items.map((i) => i.label));
    for (const e of english) expect(all, e).not.toContain(e);
  });

  it('are quoted in German in the seeded folder changes', async () => {
    const leads = await svc.post(
      '/sales/getLeads',
      { filter: { folderId: 100 }, limit: 5 },
      {
        tenant,
        basic,
      },
    );
    const first = (leads.body.result as { leadId: number }[])[0];
    const h = await svc.post(
      '/sales/getLeadHistory',
      { leadId: first.leadId, type: 'S' },
      {
        tenant,
        basic,
      },
    );
    const texts = (h.body.result as { text: string }[]).map((e) => e.text);
    expect(texts).toContain('Folder: Open → Warteliste');
  });
});
