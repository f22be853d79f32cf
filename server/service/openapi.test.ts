import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { OperationDef } from '#contract/common.ts';
import { type OpName, operations } from '#contract/operations.ts';
import { buildOpenApi, openapiDocument } from './openapi.ts';
import { responseProblem } from './response-check.ts';
import { startService, type TestService } from './test-support.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

interface Doc {
  openapi: string;
  info: { version: string };
  servers: { url: string; variables: Record<string, { default: string }> }[];
  paths: Record<
    string,
    {
      post: {
        operationId: string;
        requestBody: {
          content: { 'application/json': { schema: { properties?: Record<string, unknown> } } };
        };
        responses: Record<string, { description: string }>;
        'x-error-messages': { message: string; status: number }[];
      };
    }
  >;
}

describe('system/openapi', () => {
  it('returns the OpenAPI 3.0.0 document as YAML by default, without envelope, with an ETag', async () => {
    const r = await svc.post('/system/openapi', {});
    expect(r.http).toBe(200);
    expect(r.headers['content-type']).toContain('yaml');
    expect(r.headers.etag).toMatch(/^".+"$/);
    expect(r.text.startsWith('openapi: 3.0.0')).toBe(true);
    const doc = parse(r.text) as Doc;
    expect(doc.openapi).toBe('3.0.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc).not.toHaveProperty('status');
  });

  it('declares a server URL template with a tenant placeholder and the /v1 prefix', async () => {
    const doc = parse((await svc.post('/system/openapi', {})).text) as Doc;
    const server = doc.servers[0];
    expect(server.url).toMatch(/\{tenant\}/);
    expect(server.url.endsWith('/v1')).toBe(true);
    expect(server.variables.tenant.default).toBeTruthy();
  });

  it('returns JSON with format json, the same document under another ETag', async () => {
    const yaml = await svc.post('/system/openapi', {});
    const json = await svc.post('/system/openapi', { format: 'json' });
    expect(json.http).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.body).toEqual(parse(yaml.text));
    expect(json.headers.etag).not.toBe(yaml.headers.etag);
    expect((await svc.post('/system/openapi', { format: 'yaml' })).text).toBe(yaml.text);
  });

  it('answers 304 without body when If-None-Match names the current ETag', async () => {
    const first = await svc.post('/system/openapi', {});
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await svc.post('/system/openapi', {}, { headers: { 'if-none-match': header } });
      expect(again.http, header).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await svc.post('/system/openapi', {}, { headers: { 'if-none-match': '"stale"' } });
    expect(stale.http).toBe(200);
    // The YAML ETag does not validate the JSON rendering.
    const json = await svc.post(
      '/system/openapi',
      { format: 'json' },
      { headers: { 'if-none-match': etag } },
    );
    expect(json.http).toBe(200);
  });

  it('refuses an unknown format with 400', async () => {
    const r = await svc.post('/system/openapi', { format: 'xml' });
    expect(r.http).toBe(400);
    expect(r.body).toEqual({ status: false, msg: 'Provide a valid format (yaml or json).' });
  });

  it('needs credentials like every operation', async () => {
    expect((await svc.post('/system/openapi', {}, { basic: null })).http).toBe(401);
  });

  it('lists every operation of the contract with its request schema and error messages', async () => {
    const doc = (await svc.post('/system/openapi', { format: 'json' })).body as Doc;
    const names = Object.keys(operations) as OpName[];
    expect(Object.keys(doc.paths)).toHaveLength(names.length);
    for (const name of names) {
      const op = operations[name] as OperationDef;
      const post = doc.paths[op.path]?.post;
      expect(post?.operationId, name).toBe(name);
      expect(post.requestBody.content['application/json'].schema).toBeDefined();
      expect(post.responses['200']).toBeDefined();
      expect(post.responses['401'].description).toBe('Unauthorized.');
      expect(post['x-error-messages'].map((e) => e.message).sort()).toEqual(Object.keys(op.errors).sort());
    }
  });

  it('describes the request fields and the documented messages with their statuses', async () => {
    const doc = (await svc.post('/system/openapi', { format: 'json' })).body as Doc;
    const search = doc.paths['/system/searchPatients'].post;
    expect(Object.keys(search.requestBody.content['application/json'].schema.properties ?? {})).toEqual(
      expect.arrayContaining(['lastname', 'firstname', 'dob', 'patid', 'mail', 'ahv', 'offset', 'limit']),
    );
    expect(search.responses['400'].description).toContain('Unknown parameter(s): <value>');
    expect(doc.paths['/system/getCustomerById'].post.responses['404'].description).toBe(
      'Patient not found. | Unknown tenant. | Unknown operation.',
    );
    expect(doc.paths['/system/createCustomer'].post.responses['200'].description).toContain(
      'Unknown language: <value>',
    );
    const labor = doc.paths['/labor/upload'].post;
    expect(labor.responses['200'].description).toContain('status 500: hl7 import failed');
  });
});

describe('openapiDocument', () => {
  it('is generated once and kept for an hour, then generated again', () => {
    const t = Date.now() + 10 * 60 * 60 * 1000;
    const first = openapiDocument('yaml', t);
    expect(openapiDocument('yaml', t + 59 * 60 * 1000)).toBe(first);
    const later = openapiDocument('yaml', t + 61 * 60 * 1000);
    expect(later).not.toBe(first);
    // The contract did not change, so neither does the document or its ETag.
    expect(later.etag).toBe(first.etag);
  });
});

describe('what the document declares (extensions.md section 7)', () => {
  type Node = Record<string, unknown>;
  const doc = buildOpenApi() as unknown as Doc & { components: { schemas: Record<string, Node> } };
  const responsesOf = (name: OpName) =>
    doc.paths[(operations[name] as OperationDef).path].post.responses as unknown as Record<
      string,
      { headers?: Record<string, unknown>; content?: Record<string, { schema: Node }> }
    >;

  it('declares the error envelope beside the success shape (oneOf) exactly for the seven that answer errors with 200', () => {
    const withError = (Object.keys(operations) as OpName[]).filter((name) => {
      const schema = responsesOf(name)['200'].content?.['application/json']?.schema;
      const variants = (schema?.oneOf as Node[] | undefined) ?? [];
      return variants.some(
        (v) =>
          v.$ref === '#/components/schemas/Error' ||
          (
            (v.properties as Record<string, Node> | undefined)?.status?.enum as unknown[] | undefined
          )?.includes(400),
      );
    });
    expect(withError.sort()).toEqual(
      [
        'createAppointment',
        'createCustomer',
        'createRecall',
        'laborUpload',
        'modifyAppointment',
        'modifyRecall',
        // The addition of docs/api.md#patients answers createCustomer's Unknown language the same way.
        'updateCustomer',
      ].sort(),
    );
  });

  it('declares 400, 401, 404, 405, 413 and 429 (with Retry-After) for every operation', () => {
    for (const name of Object.keys(operations) as OpName[]) {
      const responses = responsesOf(name);
      for (const status of ['400', '401', '404', '405', '413', '429']) {
        expect(responses[status]?.content?.['application/json'], `${name} ${status}`).toBeDefined();
      }
      expect(responses['429'].headers?.['Retry-After'], name).toBeDefined();
    }
    expect(responsesOf('addLeadTask')['422']).toBeDefined();
  });

  it('never says nullable without a type', () => {
    const bad: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${at}/${i}`);
      } else if (node && typeof node === 'object') {
        const o = node as Node;
        if ('nullable' in o && !('type' in o)) bad.push(at);
        for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '#');
    expect(bad).toEqual([]);
  });

  it('has a response check that refuses what the document does not allow', () => {
    const base = { path: '/recall/createRecall', method: 'POST', contentType: 'application/json', text: '' };
    const fits = { status: false, msg: 'Please provide a title.', result: null };
    expect(responseProblem({ ...base, http: 200, body: fits })).toBeUndefined();
    expect(
      responseProblem({
        ...base,
        http: 200,
        body: { status: true, msg: 'Recall created', result: { recallId: 3 } },
      }),
    ).toBeUndefined();
    expect(
      responseProblem({
        ...base,
        http: 200,
        body: { status: true, msg: 'Recall created', result: { recallId: 'x' } },
      }),
    ).toMatch(/does not fit/);
    expect(responseProblem({ ...base, http: 200, body: { status: true, msg: 'ok' } })).toMatch(
      /does not fit/,
    );
    expect(responseProblem({ ...base, http: 500, body: fits })).toMatch(/does not declare/);
    expect(responseProblem({ ...base, http: 429, body: { status: 'no' } })).toMatch(/does not fit/);
  });
});
