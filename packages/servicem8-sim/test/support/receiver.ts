import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { method: string; path: string; contentType: string; body: string; at: number };

export type Responder = (request: ReceivedRequest, response: ServerResponse) => unknown;

export type Receiver = {
  url: string;
  requests: ReceivedRequest[];
  /** Changes how the receiver answers from now on. */
  respondWith(responder: Responder): void;
  /** Waits until at least `count` requests matched `predicate`. */
  waitFor(
    count: number,
    predicate?: (request: ReceivedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
};

/** Answers the subscribe challenge (echoes `challenge`) and 200 to everything else. */
const echoChallenge: Responder = (request, response) => {
  const params = new URLSearchParams(request.body);
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end(params.get('mode') === 'subscribe' ? (params.get('challenge') ?? '') : 'ok');
};

const open: Receiver[] = [];

/** Closes every receiver the test started (test/support/cleanup.ts calls it after each test). */
export async function closeReceivers(): Promise<void> {
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
}

/** A local HTTP endpoint that records what the simulator sends (webhook callbacks, add-ons). */
export async function startReceiver(initial: Responder = echoChallenge): Promise<Receiver> {
  let responder = initial;
  const requests: ReceivedRequest[] = [];
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        contentType: String(incoming.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(request);
      void Promise.resolve(responder(request, response)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    respondWith: (next) => {
      responder = next;
    },
    waitFor: async (count, predicate = () => true, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = requests.filter(predicate);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${matching.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(receiver);
  return receiver;
}
