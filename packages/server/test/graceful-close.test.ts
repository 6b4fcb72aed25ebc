import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServices } from './support/test-services.ts';

/** Resolves with the first bytes the server sends back on `socket`. */
function answerTo(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
}

describe('stopping while a keep-alive request is under way', () => {
  it('answers that request and stops at once, not after the connection’s keep-alive timeout', async () => {
    const services = await startTestServices({ listen: true });
    const { port } = new URL(services.baseUrl ?? '');
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // The request's head now, its body later: the server has taken the request when the stop begins.
    socket.write(
      'POST /api/Auth/login HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    const stopped = services.cleanup();
    const answer = answerTo(socket);
    socket.write('{}');
    expect(await answer).toMatch(/^HTTP\/1\.1 400 /);
    await stopped;
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
