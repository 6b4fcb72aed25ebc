import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConformanceCheck, type OpenApiDocument } from './support/openapi-conformance.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
type Served = OpenApiDocument & {
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
};

let services: TestServices;
let document: Served;

beforeAll(async () => {
  services = await startTestServices({ env: { PUBLIC_URL: 'https://automate.example.com' } });
  const response = await services.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => services.cleanup());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the served OpenAPI document', () => {
  it('passes Redocly’s recommended rules without an error', async () => {
    const file = path.join(services.dataDir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    // Lint exits 1 when there are errors; the report is printed either way.
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', '--format=json', file], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { severity: string }[] };
    expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('names every operation with a unique camelCase operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/vendor/{vendorId}/Trigger/{triggerId}']?.get?.operationId).toBe(
      'getVendorByVendorIdTriggerByTriggerId',
    );
  });

  it('gives recursive schemas as named components, the server from PUBLIC_URL and the declared tags', () => {
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(refs.filter(([, kind, name]) => !components[kind as string]?.[name as string])).toEqual([]);
    expect(Object.keys(components.schemas ?? {})).toEqual(
      expect.arrayContaining(['ConditionGroupInput', 'ErrorBody', 'DryRunConditionResult']),
    );
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://automate.example.com' })]);
    const declared = new Set(document.tags.map((tag) => tag.name));
    const used = operations().flatMap(({ operation }) => (operation as { tags?: string[] }).tags ?? []);
    expect(used.filter((tag) => !declared.has(tag))).toEqual([]);
  });

  it('declares who may call: no security on public operations, the bearer token elsewhere', () => {
    const login = document.paths['/api/Auth/login']?.post;
    expect(login?.security).toEqual([]);
    expect(login?.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    const trigger = document.paths['/api/vendor/{vendorId}/Trigger/{triggerId}']?.get;
    expect(trigger?.security).toEqual([{ bearerAuth: [] }]);
    // 429: an API key, which the automation operations take, is limited per key.
    expect(Object.keys(trigger?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '429', '500']);
    const bare = operations().filter(({ operation }) => !operation.security);
    expect(bare.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('lists x-vendor-id where the vendor comes from that header', () => {
    const plan = document.paths['/api/Accounting/product/sub/active']?.get;
    expect(plan?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'x-vendor-id' }));
  });

  it('types uploads as multipart and files by their media types', () => {
    const upload = document.paths['/api/Content/article/{id}/image']?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    const pdf = document.paths['/api/Accounting/invoice/{id}/pdf']?.get;
    expect(Object.keys(pdf?.responses['200']?.content ?? {})).toEqual(['application/pdf']);
    const image = document.paths['/api/Content/images/{name}']?.get;
    expect(Object.keys(image?.responses['200']?.content ?? {})).toContain('image/png');
    const consent = document.paths['/api/Auth/login/servicem8']?.get;
    expect(Object.keys(consent?.responses ?? {})).toContain('302');
  });

  it('lists every media type a body is read in where callers outside the product post forms or text', () => {
    const bodyTypes = (path: string) => Object.keys(document.paths[path]?.post?.requestBody?.content ?? {}).sort();
    // ServiceM8 does not document the Content-Type of its deliveries; its subscription challenge is a form.
    expect(bodyTypes('/api/Webhook/sm8cb')).toEqual([
      '*/*',
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
    ]);
    // A mail program's one-click unsubscribe (RFC 8058) is a form; the page posts JSON.
    expect(bodyTypes('/api/Public/unsubscribe')).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(bodyTypes('/api/Auth/login')).toEqual(['application/json']);
  });

  it('types the Activity search’s times as date-time, as the server reads them', () => {
    const parameters = (document.paths['/api/vendor/{vendorId}/Trigger/changes']?.get?.parameters ?? []) as Array<{
      name: string;
      schema?: { format?: string };
    }>;
    const formats = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema?.format]));
    expect(formats).toMatchObject({ From: 'date-time', To: 'date-time' });
  });

  it('answers a text body to a JSON operation 415, as it documents, not 400', async () => {
    for (const [method, url] of [
      ['POST', '/api/Auth/login'],
      ['POST', '/api/Auth/register'],
    ] as const) {
      const response = await services.app.inject({
        method,
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(response.statusCode, `${method} ${url}`).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });
});

describe('the check of answers against the document', () => {
  const health = {
    success: true,
    data: {
      status: 'ok',
      version: '1.0.0',
      database: { ok: true, detail: 'Answers.', driver: 'pglite' },
      queue: { ok: true, detail: 'Answers.' },
    },
  };
  const answer = (status: number, body: unknown, url = '/api/health') => ({
    method: 'GET',
    url,
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  });

  it('accepts a documented status with a body on its schema', () => {
    const check = new ConformanceCheck(document);
    expect(check.problemWith(answer(200, health))).toBeUndefined();
    expect(
      check.problemWith(
        answer(404, { success: false, code: 'NOT_FOUND', message: 'Run was not found.' }, '/api/Admin/users/123'),
      ),
    ).toBeUndefined();
  });

  it('fails a status the operation does not document', () => {
    const problem = new ConformanceCheck(document).problemWith(
      answer(409, { success: false, code: 'CONFLICT', message: 'Taken.' }),
    );
    expect(problem).toMatch(
      /GET \/api\/health answered 409, which getHealth does not document \(it documents 200, 500\)/,
    );
  });

  it('fails a body off the schema of its status', () => {
    const check = new ConformanceCheck(document);
    const problem = check.problemWith(answer(200, { ...health, data: { ...health.data, status: 'fine' } }));
    expect(problem).toMatch(
      /body off getHealth's schema for 200: \/data\/status must be equal to one of the allowed values/,
    );
    const error = check.problemWith(answer(401, { success: false, message: 'Sign in.' }, '/api/User/info'));
    expect(error).toMatch(/must have required property 'code'/);
  });

  it('fails a media type the operation does not document', () => {
    const problem = new ConformanceCheck(document).problemWith({
      ...answer(200, health),
      contentType: 'text/html',
      body: '<p>ok</p>',
    });
    expect(problem).toMatch(/as text\/html, which getHealth does not document for 200/);
  });

  it('fails a request body the server read in a media type the operation does not document', () => {
    const check = new ConformanceCheck(document);
    const login = {
      method: 'POST',
      url: '/api/Auth/login',
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ success: false, code: 'VALIDATION_FAILED', message: 'body: expected object.' }),
    };
    expect(check.problemWith({ ...login, status: 400, requestType: 'text/plain' })).toMatch(
      /POST \/api\/Auth\/login answered 400 to a body in text\/plain, which postAuthLogin does not document \(it documents application\/json\)/,
    );
    expect(check.problemWith({ ...login, status: 400, requestType: 'application/json' })).toBeUndefined();
    const refused = { success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON.' };
    expect(
      check.problemWith({ ...login, status: 415, body: JSON.stringify(refused), requestType: 'text/plain' }),
    ).toBeUndefined();
  });

  it('leaves answers on paths the document does not have to their tests', () => {
    expect(new ConformanceCheck(document).problemWith(answer(418, {}, '/api/no/such/route'))).toBeUndefined();
  });
});
