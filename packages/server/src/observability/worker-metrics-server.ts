import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerScrape, type Metrics } from './metrics.ts';

/**
 * A `--role=worker` process serves no HTTP API, so its metrics have a port of their own: `GET
 * /api/metrics` with the same bearer token as the API's, everything else 404. Keep the port on the
 * private network; only Prometheus needs it.
 */
export async function serveWorkerMetrics(
  metrics: Metrics,
  token: string,
  at: { port: number; host: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/api/metrics') {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(
        JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Only GET /api/metrics is served here.' }),
      );
      return;
    }
    answerScrape(metrics, token, request.headers.authorization).then(
      (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.contentType });
        response.end(answer.body);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            success: false,
            code: 'INTERNAL',
            message: `The metrics could not be read: ${error instanceof Error ? error.message : String(error)}`,
          }),
        );
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
