import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import type { LaborUploadInput } from './queries.ts';
import { createUploadStore, type UploadDeps } from './upload-store.ts';

function file(name: string, content = 'MSH|^~\\&|x'): File {
  return new File([content], name);
}

/** A send whose answers the test gives one by one. */
function controlledSend() {
  const calls: { input: LaborUploadInput; resolve: (msg: string) => void; reject: (e: unknown) => void }[] =
    [];
  const send: UploadDeps['send'] = (input) =>
    new Promise((resolve, reject) => {
      calls.push({ input, resolve: (msg) => resolve({ status: 200, msg }), reject });
    });
  return { send, calls };
}

const read: UploadDeps['read'] = async (f, onProgress) => {
  onProgress(0.5);
  return btoa(await f.text());
};

const refused = (status: 400 | 500, msg: string) =>
  new ApiError({ op: 'laborUpload', kind: 'http', httpStatus: 200, msg, envelopeStatus: status });

describe('the session upload list', () => {
  it('lists files that break a limit as not sent and never sends them', async () => {
    const send = vi.fn<UploadDeps['send']>();
    const store = createUploadStore({ read, send });
    store.add([file('befund.txt'), file('leer.hl7', '')]);
    await vi.waitFor(() => expect(store.getSnapshot()).toHaveLength(2));
    expect(store.getSnapshot().map((i) => [i.phase, i.problems])).toEqual([
      ['invalid', ['extension']],
      ['invalid', ['empty']],
    ]);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends files one after the other in the order given, with the Base64 content', async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.add([file('a.pdf', '%PDF-1'), file('a.hl7', 'MSH|x')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input).toEqual({ filename: 'a.pdf', content: btoa('%PDF-1') });
    expect(store.getSnapshot().map((i) => i.phase)).toEqual(['sending', 'waiting']);
    calls[0].resolve('successfully uploaded');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].input.filename).toBe('a.hl7');
    calls[1].resolve('successfully uploaded');
    await vi.waitFor(() => expect(store.isBusy()).toBe(false));
    expect(store.getSnapshot().map((i) => [i.phase, i.status, i.msg])).toEqual([
      ['accepted', 200, 'successfully uploaded'],
      ['accepted', 200, 'successfully uploaded'],
    ]);
  });

  it("keeps the service's message of a refusal and sends the file again on retry", async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.add([file('dup.hl7')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reject(refused(400, 'file already exists, not saving again'));
    await vi.waitFor(() => expect(store.getSnapshot()[0].phase).toBe('refused'));
    expect(store.getSnapshot()[0]).toMatchObject({
      status: 400,
      msg: 'file already exists, not saving again',
    });

    store.retry(store.getSnapshot()[0].id);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].input.filename).toBe('dup.hl7');
    calls[1].resolve('successfully uploaded');
    await vi.waitFor(() => expect(store.getSnapshot()[0].phase).toBe('accepted'));
    expect(store.getSnapshot()[0].attempts).toBe(2);
  });

  it('marks status 500 and network failures as failed, and retries all of them', async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.add([file('a.hl7'), file('b.hl7')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reject(refused(500, 'hl7 import failed'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const offline = new ApiError({ op: 'laborUpload', kind: 'network', httpStatus: 0, msg: 'unreachable' });
    calls[1].reject(offline);
    await vi.waitFor(() => expect(store.isBusy()).toBe(false));
    const [a, b] = store.getSnapshot();
    expect(a).toMatchObject({ phase: 'failed', status: 500, msg: 'hl7 import failed' });
    expect(b.phase).toBe('failed');
    expect(b.error).toBe(offline);
    expect(b.status).toBeUndefined();

    store.retryAllFailed();
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    calls[2].resolve('ok');
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    calls[3].resolve('ok');
    await vi.waitFor(() => expect(store.getSnapshot().every((i) => i.phase === 'accepted')).toBe(true));
  });

  it('does not retry what was accepted, and clears accepted and invalid entries', async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.add([file('ok.pdf'), file('x.doc')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].resolve('successfully uploaded');
    await vi.waitFor(() => expect(store.isBusy()).toBe(false));
    store.retry(store.getSnapshot()[0].id);
    expect(store.getSnapshot()[0].phase).toBe('accepted');
    expect(calls).toHaveLength(1);
    store.clearFinished();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('forgets everything when another user signs in, also an answer still under way', async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.setOwner('demo');
    store.add([file('a.hl7')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    store.setOwner('demo');
    expect(store.getSnapshot()).toHaveLength(1);
    store.setOwner('other');
    expect(store.getSnapshot()).toEqual([]);
    calls[0].resolve('successfully uploaded');
    await Promise.resolve();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('tells its subscribers about every change', async () => {
    const store = createUploadStore({ read, send: async () => ({ status: 200, msg: 'ok' }) });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add([file('a.hl7')]);
    await vi.waitFor(() => expect(store.getSnapshot()[0].phase).toBe('accepted'));
    expect(listener.mock.calls.length).toBeGreaterThanOrEqual(4);
    unsubscribe();
  });
});
