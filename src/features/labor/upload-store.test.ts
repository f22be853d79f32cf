import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/client.ts';
import type { LaborUploadInput } from '#api/labor.ts';
import { canRetry, createUploadStore, type UploadDeps } from './upload-store.ts';

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

  it("keeps the service's message of a refusal and does not send it again: it would be refused again", async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.add([file('not-hl7.hl7')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reject(refused(400, 'Invalid HL7 message.'));
    await vi.waitFor(() => expect(store.getSnapshot()[0].phase).toBe('refused'));
    expect(store.getSnapshot()[0]).toMatchObject({ status: 400, msg: 'Invalid HL7 message.' });
    expect(canRetry(store.getSnapshot()[0])).toBe(false);
    store.retry(store.getSnapshot()[0].id);
    store.retryAllFailed();
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(store.getSnapshot()[0].phase).toBe('refused');
  });

  it('takes a duplicate for what it is: already uploaded, finished, nothing to send again', async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.add([file('dup.hl7')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reject(refused(400, 'file already exists, not saving again'));
    await vi.waitFor(() => expect(store.getSnapshot()[0].phase).toBe('alreadyUploaded'));
    expect(store.getSnapshot()[0]).toMatchObject({
      status: 400,
      msg: 'file already exists, not saving again',
    });
    expect(canRetry(store.getSnapshot()[0])).toBe(false);
    expect(store.isBusy()).toBe(false);
    store.retryAllFailed();
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    store.clearFinished();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('retries every status 500 (the service keeps nothing of it) and lost answers', async () => {
    const { send, calls } = controlledSend();
    const store = createUploadStore({ read, send });
    store.add([file('a.hl7'), file('b.hl7'), file('c.hl7')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reject(refused(500, 'failed to save file'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const offline = new ApiError({ op: 'laborUpload', kind: 'network', httpStatus: 0, msg: 'unreachable' });
    calls[1].reject(offline);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    calls[2].reject(refused(500, 'hl7 import failed'));
    await vi.waitFor(() => expect(store.isBusy()).toBe(false));
    const [a, b, c] = store.getSnapshot();
    expect(a).toMatchObject({ phase: 'failed', status: 500, msg: 'failed to save file' });
    expect(b.phase).toBe('failed');
    expect(b.error).toBe(offline);
    expect(b.status).toBeUndefined();
    expect(c).toMatchObject({ phase: 'failed', status: 500, msg: 'hl7 import failed' });
    expect([a, b, c].map(canRetry)).toEqual([true, true, true]);

    store.retryAllFailed();
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    calls[3].resolve('ok');
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    calls[4].resolve('ok');
    await vi.waitFor(() => expect(calls).toHaveLength(6));
    calls[5].reject(refused(500, 'hl7 import failed'));
    await vi.waitFor(() => expect(store.isBusy()).toBe(false));
    expect(calls.map((x) => x.input.filename)).toEqual([
      'a.hl7',
      'b.hl7',
      'c.hl7',
      'a.hl7',
      'b.hl7',
      'c.hl7',
    ]);
    expect(store.getSnapshot().map((i) => i.phase)).toEqual(['accepted', 'accepted', 'failed']);
  });

  it('holds an HL7 message whose patient the practice does not know, and sends it once the patient exists', async () => {
    const { send, calls } = controlledSend();
    const pid = { patientId: '4711', lastname: 'Muster', firstname: 'Hans', dob: '1960-02-01' };
    const patient = { patid: 4711, lastname: 'Muster', firstname: 'Hans', dob: '1960-02-01' };
    const identify = vi
      .fn<NonNullable<UploadDeps['identify']>>()
      .mockResolvedValueOnce({ pid, patient: null })
      .mockResolvedValueOnce({ pid, patient });
    const store = createUploadStore({ read, send, identify });
    store.add([file('4711.hl7'), file('4711.pdf', '%PDF-1')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // The PDF goes; the message waits for its patient.
    expect(calls[0].input.filename).toBe('4711.pdf');
    expect(store.getSnapshot()[0]).toMatchObject({
      phase: 'unknownPatient',
      identity: { pid, patient: null },
    });
    calls[0].resolve('ok');
    await vi.waitFor(() => expect(store.isBusy()).toBe(false));
    expect(identify).toHaveBeenCalledTimes(1);

    store.retry(store.getSnapshot()[0].id);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].input.filename).toBe('4711.hl7');
    calls[1].resolve('ok');
    await vi.waitFor(() => expect(store.getSnapshot()[0].phase).toBe('accepted'));
    expect(store.getSnapshot()[0].identity?.patient).toEqual(patient);
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
