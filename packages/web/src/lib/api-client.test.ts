import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Health } from '@automate/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, getErrorMessage } from './api-client.ts';

type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Reply = { status: number; body: string; headers?: Record<string, string> };

const json = (status: number, value: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body: JSON.stringify(value),
  ...(headers ? { headers } : {}),
});

const HEALTH = {
  status: 'ok',
  version: '1.8.0',
  database: { ok: true, detail: 'connected', driver: 'pglite', latencyMs: 2 },
  queue: { ok: true, detail: 'running' },
};

/** What the real server answers, per `METHOD path`; anything else is a 404 in the server's format. */
const ROUTES: Record<string, (request: Recorded) => Reply> = {
  'GET /api/health': () => json(200, { success: true, data: HEALTH }),
  'GET /api/echo': (request) =>
    json(200, {
      success: true,
      data: { method: request.method, url: request.url, authorization: request.headers.authorization ?? null },
    }),
  'POST /api/echo': (request) =>
    json(200, {
      success: true,
      data: {
        method: request.method,
        url: request.url,
        contentType: request.headers['content-type'] ?? null,
        body: JSON.parse(request.body) as unknown,
      },
      message: 'Saved.',
    }),
  'POST /api/invalid': () =>
    json(
      400,
      {
        success: false,
        message: 'The name is too long.',
        code: 'VALIDATION_FAILED',
        errors: { name: ['Use at most 100 characters.'] },
      },
      { 'x-request-id': 'header-id' },
    ),
  'GET /api/broken': () =>
    json(500, { success: false, message: 'Something went wrong on our side.', code: 'INTERNAL', requestId: 'req-42' }),
  'GET /api/legacy': () => json(409, { success: false, Message: 'That vendor already exists.' }),
  'GET /api/html': () => ({ status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } }),
  'GET /api/not-json': () => ({ status: 200, body: 'OK', headers: { 'content-type': 'text/plain' } }),
  'GET /api/wrong-shape': () => json(200, { success: true, data: { ...HEALTH, status: 'sleeping' } }),
  'GET /api/no-envelope': () => json(200, HEALTH),
};

let server: Server;
let baseUrl: string;
let requests: Recorded[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const recorded: Recorded = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    const pathname = new URL(recorded.url, 'http://localhost').pathname;
    const route = ROUTES[`${recorded.method} ${pathname}`];
    const reply = route
      ? route(recorded)
      : json(404, { success: false, message: `No route ${recorded.method} ${pathname}.`, code: 'NOT_FOUND' });
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body);
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  requests = [];
});

async function catchApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('Expected the request to fail.');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('parses the success envelope and returns the data', async () => {
    const client = createApiClient({ baseUrl });
    const health = await client.get('/health', Health);
    expect(health).toEqual(HEALTH);
    expect(requests[0]?.headers.accept).toBe('application/json');
  });

  it('reads the answer with a schema that loads while the request is under way', async () => {
    const client = createApiClient({ baseUrl });
    let loadStarted = false;
    const loadHealth = async () => {
      loadStarted = true;
      return Health;
    };
    const pending = client.get('/health', loadHealth);
    expect(loadStarted).toBe(true);
    expect(await pending).toEqual(HEALTH);
    const error = await catchApiError(client.get('/wrong-shape', loadHealth));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('sends the query string, leaving out empty values', async () => {
    const client = createApiClient({ baseUrl });
    const echo = await client.get('/echo', z.object({ url: z.string() }), {
      query: { PageNumber: 2, SortBy: 'name', Filters: '[{"a":1}]', skipped: undefined, alsoSkipped: null },
    });
    expect(new URL(echo.url, 'http://localhost').searchParams.toString()).toBe(
      new URLSearchParams({ PageNumber: '2', SortBy: 'name', Filters: '[{"a":1}]' }).toString(),
    );
  });

  it('adds the bearer token from the pluggable provider, and none without one', async () => {
    let token: string | null = 'jwt-123';
    const client = createApiClient({ baseUrl, getAuthToken: () => token });
    const schema = z.object({ authorization: z.string().nullable() });
    expect((await client.get('/echo', schema)).authorization).toBe('Bearer jwt-123');
    token = null;
    expect((await client.get('/echo', schema)).authorization).toBeNull();
  });

  it('sends a JSON body', async () => {
    const client = createApiClient({ baseUrl });
    const echo = await client.post(
      '/echo',
      z.object({ method: z.string(), contentType: z.string(), body: z.object({ name: z.string() }) }),
      { body: { name: 'Quote follow-up' } },
    );
    expect(echo).toEqual({ method: 'POST', contentType: 'application/json', body: { name: 'Quote follow-up' } });
  });

  it('turns an error body into an ApiError with the server message, code and field errors', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.post('/invalid', z.unknown(), { body: { name: 'x'.repeat(101) } }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('The name is too long.');
    expect(error.fieldErrors).toEqual({ name: ['Use at most 100 characters.'] });
    expect(error.requestId).toBe('header-id');
    expect(error.method).toBe('POST');
    expect(error.path).toBe('/invalid');
  });

  it('keeps the request id of a 5xx answer', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.get('/broken', z.unknown()));
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL', requestId: 'req-42' });
    expect(error.message).toBe('Something went wrong on our side.');
  });

  it('reads a capitalised Message and derives the code from the status', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.get('/legacy', z.unknown()));
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'That vendor already exists.' });
    expect(getErrorMessage(error, 'Failed to load vendors.')).toBe('That vendor already exists.');
  });

  it('answers a 404 from the server as NOT_FOUND with its message', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.delete('/nowhere', z.unknown()));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No route DELETE /api/nowhere.' });
  });

  it('gives a sentence of its own when the error answer is not JSON', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.get('/html', z.unknown()));
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL' });
    expect(error.message).toBe('The server could not complete the request (HTTP 502).');
  });

  it('rejects a success answer whose data does not match the schema', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.get('/wrong-shape', Health));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.message).toMatch(
      /^The server's answer to GET \/wrong-shape did not have the expected shape: data\.status: /,
    );
  });

  it('rejects a success answer without the envelope', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.get('/no-envelope', Health));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('success');
  });

  it('rejects a success answer that is not JSON', async () => {
    const client = createApiClient({ baseUrl });
    const error = await catchApiError(client.get('/not-json', z.unknown()));
    expect(error).toMatchObject({
      code: 'INVALID_RESPONSE',
      message: "The server's answer to GET /not-json was not JSON.",
    });
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api` });
    const error = await catchApiError(client.get('/health', Health));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('lets an aborted request reject with the abort, not an ApiError', async () => {
    const client = createApiClient({ baseUrl });
    const controller = new AbortController();
    controller.abort();
    await expect(client.get('/health', Health, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it("answers the server's message with the data through request()", async () => {
    const client = createApiClient({ baseUrl });
    const result = await client.request('POST', '/echo', z.object({ method: z.string() }).loose(), { body: { a: 1 } });
    expect(result).toEqual({ data: expect.objectContaining({ method: 'POST' }), message: 'Saved.' });
  });

  it("sends the default headers (the current vendor) on every request, a request's own headers winning", async () => {
    const client = createApiClient({ baseUrl, getDefaultHeaders: () => ({ 'x-vendor-id': 'vendor-1' }) });
    await client.get('/health', Health);
    await client.get('/health', Health, { headers: { 'x-vendor-id': 'vendor-2' } });
    expect(requests.map((request) => request.headers['x-vendor-id'])).toEqual(['vendor-1', 'vendor-2']);
  });
});
