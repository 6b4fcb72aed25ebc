import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got, body whole. */
type Received = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * How the receiver answers one request: a status with a body and headers, `drop` (it reads the
 * request, then closes the connection without answering, as a receiver that crashes does) or `hang`
 * (it never answers).
 */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'drop' | 'hang';

/**
 * A web address on this machine's loopback, for deliveries to post to: it keeps every request and
 * answers with the next planned answer (200 "ok" when none is planned).
 */
export async function startWebReceiver() {
  const received: Received[] = [];
  const planned: Answer[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = planned.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      if (answer === 'hang') return;
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    /** Answers the next requests so, in order. */
    plan(...answers: Answer[]) {
      planned.push(...answers);
    },
    reset() {
      received.length = 0;
      planned.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebReceiver = Awaited<ReturnType<typeof startWebReceiver>>;
