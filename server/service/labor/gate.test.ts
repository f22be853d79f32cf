import { type ClientRequest, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../test-support.ts';
import { createGate } from './gate.ts';

describe('the laborUpload gate', () => {
  it('lets two run at once; a third waits for a slot, and gives up after its wait', async () => {
    const gate = createGate({ slots: 2, waitMs: 20 });
    const release: (() => void)[] = [];
    const slow = () =>
      new Promise<string>((r) => {
        release.push(() => r('done'));
      });
    const one = gate.run('demo', slow);
    const two = gate.run('demo', slow);
    expect(gate.state('demo')).toEqual({ busy: 2, waiting: 0 });
    // Another tenant has its own slots.
    expect(await gate.run('sonnenhof', async () => 'other')).toBe('other');
    expect(await gate.run('demo', async () => 'third')).toBeUndefined();
    const fourth = gate.run('demo', async () => 'fourth');
    expect(gate.state('demo').waiting).toBe(1);
    release[0]();
    expect(await one).toBe('done');
    expect(await fourth).toBe('fourth');
    release[1]();
    expect(await two).toBe('done');
    expect(gate.state('demo')).toEqual({ busy: 0, waiting: 0 });
  });

  it('frees the slot of one that failed, and refuses at once beyond the queue', async () => {
    const gate = createGate({ slots: 1, waitMs: 1000, queueMax: 1 });
    let open: () => void = () => undefined;
    const first = gate.run('demo', () => new Promise<void>((r) => (open = r)));
    const queued = gate.run('demo', async () => 'queued');
    expect(await gate.run('demo', async () => 'too many')).toBeUndefined();
    open();
    await first;
    expect(await queued).toBe('queued');
    await expect(
      gate.run('demo', async () => {
        throw new Error('read failed');
      }),
    ).rejects.toThrow('read failed');
    expect(gate.state('demo')).toEqual({ busy: 0, waiting: 0 });
  });
});

/** A laborUpload whose body has begun and not ended: it holds a slot while the service reads it. */
function slowUpload(url: string): ClientRequest {
  const { port } = new URL(url);
  const req = request({
    host: '127.0.0.1',
    port,
    path: '/v1/labor/upload',
    method: 'POST',
    headers: {
      host: `localhost:${port}`,
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
    },
  });
  req.on('error', () => undefined);
  req.write('{"filename":"a.hl7","content":"');
  return req;
}

let svc: TestService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

describe('laborUpload bodies read at once', () => {
  it('reads two per practice; a third waits, then answers 503 busy with Retry-After; then the next gets its turn', async () => {
    const gate = createGate({ slots: 2, waitMs: 15 });
    svc = await startService({ laborGate: gate });
    const slow = [slowUpload(svc.url), slowUpload(svc.url)];
    while (gate.state('demo').busy < 2) await new Promise((r) => setTimeout(r, 2));
    const third = await svc.post('/labor/upload', { filename: 'b.hl7', content: '' });
    expect(third.http).toBe(503);
    expect(third.body).toEqual({ status: false, msg: 'The practice server is busy. Try again shortly.' });
    expect(third.headers['retry-after']).toBe('10');
    expect(third.headers['cache-control']).toBe('no-store');
    // Another practice is not held up.
    const other = await svc.post('/labor/upload', {}, { tenant: 'sonnenhof', basic: 'sonnenhof:sonnenhof' });
    expect(other.http).toBe(200);
    for (const r of slow) r.destroy();
    while (gate.state('demo').busy > 0) await new Promise((r) => setTimeout(r, 2));
    const next = await svc.post('/labor/upload', {});
    expect(next.body).toEqual({ status: 400, msg: 'missing required parameters in body' });
  });
});
