import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * A client that sends its request slowly must not keep a connection open past REQUEST_TIMEOUT_SECONDS.
 * The timeout is set below a second here (the environment takes whole seconds), so the test waits less.
 */

let services: TestServices;
let port: number;

beforeAll(async () => {
  services = await startTestServices({ config: { requestTimeoutSeconds: 0.4 } });
  await services.app.listen({ port: 0, host: '127.0.0.1' });
  port = (services.app.server.address() as AddressInfo).port;
});
afterAll(() => services.cleanup());

/**
 * Opens a connection, writes `head`, then one more byte of `trickle` every 100 ms; resolves with what
 * the server answered and when the connection ended (ms after connecting).
 */
function sendSlowly(head: string, trickle: string): Promise<{ answer: string; endedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    // The trickle starts once the head is written: a byte written before the connection is up would go
    // out ahead of the head (a slow connect under load), and the server would rightly answer 400.
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < trickle.length && !socket.destroyed) socket.write(trickle.charAt(sent++));
      }, 100);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, endedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the connection was still open after 10 s; answer so far: ${answer}`));
    }, 10_000).unref();
  });
}

describe('a request that arrives too slowly', () => {
  it('is answered 408 and closed when its body trickles in', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) });
    const head =
      'POST /api/Auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const { answer, endedAfterMs } = await sendSlowly(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(endedAfterMs).toBeLessThan(3_000);
  });

  it('is answered 408 and closed when its headers trickle in', async () => {
    const { answer, endedAfterMs } = await sendSlowly(
      'GET /api/health HTTP/1.1\r\n',
      `Host: 127.0.0.1\r\nX-Slow: ${'y'.repeat(200)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(endedAfterMs).toBeLessThan(3_000);
  });

  it('still serves a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
