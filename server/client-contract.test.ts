import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, call } from '../src/api/client.ts';
import type { Session } from '../src/api/session.ts';
import { startService, type TestService } from './test-support.ts';

// The app's client against the real reference service: every envelope kind read and checked by the contract.
let svc: TestService;
let demo: Session;
beforeAll(async () => {
  svc = await startService();
  demo = { base: `${svc.url}/v1`, auth: { kind: 'basic', user: 'demo', password: 'demo' }, remember: false };
});
afterAll(() => svc.close());

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('src/api/client.ts against the reference service', () => {
  it('reads the standard envelope (whoami)', async () => {
    const me = await call('whoami', {}, { session: demo });
    expect(me).toMatchObject({ userid: 1, username: 'demo', tenant: 'demo' });
  });

  it('reads a list envelope with its pagination (getLeads)', async () => {
    const r = await call('getLeads', { limit: 5, filter: { ispatient: 1 } }, { session: demo });
    expect(r.items).toHaveLength(5);
    expect(r.pagination).toMatchObject({ offset: 0, limit: 5, hasMore: true });
    expect(r.pagination.total).toBeGreaterThan(5);
  });

  it('reads getProviders with status "ok"', async () => {
    const providers = await call('getProviders', {}, { session: demo });
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.every((p) => p.active)).toBe(true);
  });

  it('reads searchPatients results, and none as an empty list', async () => {
    const hit = await call('searchPatients', { patid: 1 }, { session: demo });
    expect(hit.items).toHaveLength(1);
    expect(hit.msg).toBe('Matched 1 customers');
    const none = await call('searchPatients', { lastname: 'Zzzzzznobody' }, { session: demo });
    expect(none.items).toEqual([]);
  });

  it('reads the accounting envelope without msg', async () => {
    const rows = await call('accountingTransactions', {}, { session: demo });
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('reads the raw openapi document', async () => {
    const doc = await call('openapi', { format: 'json' }, { session: demo });
    expect(JSON.parse(doc as string)).toMatchObject({ openapi: '3.0.0', info: { version: '1.0.0' } });
  });

  it('reads laborUpload status 200, and throws its status 400 with the message', async () => {
    const name = `client-${Date.now()}.pdf`;
    const content = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
    const ok = await call('laborUpload', { filename: name, content }, { session: demo });
    expect(ok.status).toBe(200);
    const dup = await refusal(call('laborUpload', { filename: name, content }, { session: demo }));
    expect(dup.envelopeStatus).toBe(400);
    expect(dup.msg).toBe('file already exists, not saving again');
  });

  it('throws the service message and HTTP status of a refusal', async () => {
    const e = await refusal(call('setLeadFolder', { leadId: 1, folderId: 5 }, { session: demo }));
    expect(e.httpStatus).toBe(422);
    expect(e.msg).toBe('FolderId 5 requires disqualifyLead.');
  });

  it('reports wrong credentials as unauthorized', async () => {
    const wrong: Session = { ...demo, auth: { kind: 'basic', user: 'demo', password: 'nope' } };
    const e = await refusal(call('whoami', {}, { session: wrong }));
    expect(e.kind).toBe('unauthorized');
    expect(e.httpStatus).toBe(401);
    expect(e.msg).toBe('Unauthorized.');
  });

  it('refuses labor with a key that lacks the module', async () => {
    const nolabor: Session = { ...demo, auth: { kind: 'apiKey', key: 'demo-key-nolabor' } };
    const e = await refusal(
      call(
        'laborUpload',
        { filename: 'x.hl7', content: Buffer.from('MSH|^~\\&|').toString('base64') },
        { session: nolabor },
      ),
    );
    expect(e.msg).toBe('API token is not enabled for module labor.');
  });
});
