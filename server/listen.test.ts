import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from './listen.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

async function started(): Promise<number> {
  server = listen(() => new Response('{"status":true}'), 0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
async function raw(port: number, bytes: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(bytes);
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

describe('what the HTTP parser refuses', () => {
  it('answers a bad header byte with the JSON envelope, 400 Bad request. and no-store', async () => {
    const port = await started();
    const answer = await raw(
      port,
      'POST /v1/system/whoami HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\x01b\r\n\r\n',
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8/i);
    expect(head).toMatch(/\r\nCache-Control: no-store/i);
    expect(JSON.parse(body)).toEqual({ status: false, msg: 'Bad request.' });
  });

  it('answers a malformed request line the same way', async () => {
    const port = await started();
    const answer = await raw(port, 'NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ status: false, msg: 'Bad request.' });
  });

  it('keeps serving good requests', async () => {
    const port = await started();
    const res = await fetch(`http://127.0.0.1:${port}/v1/system/whoami`, { method: 'POST' });
    expect(await res.json()).toEqual({ status: true });
  });
});
