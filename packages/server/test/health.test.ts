import { Health, PublicData, Readiness, successEnvelope } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;

beforeAll(async () => {
  // ServiceM8's API at a port where nothing listens: unreachable, whatever network the machine has.
  services = await startTestServices({ env: { SM8_API_URL: 'http://127.0.0.1:1' } });
});
afterAll(() => services.cleanup());

describe('GET /api/health', () => {
  it('reports the database and a working queue', async () => {
    const response = await services.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { data } = successEnvelope(Health).parse(response.json());
    expect(data).toMatchObject({
      status: 'ok',
      version: '1.8.0',
      database: { ok: true, driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
      queue: { ok: true, detail: '1 worker processing jobs.' },
    });
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('is listed with its response schema in the OpenAPI document behind /api/docs', async () => {
    const docs = await services.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = docs.json();
    expect(document.openapi).toBe('3.1.0');
    const health = document.paths['/api/health'].get;
    expect(health.summary).toBe('Whether the database and the job queue are working');
    const schema = health.responses['200'].content['application/json'].schema;
    expect(schema.properties.data.properties.database.properties.driver.enum).toEqual(['pglite', 'postgres']);
    const page = await services.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('GET /api/ready', () => {
  it('is ready with the database and the queue answering, and gives the figures', async () => {
    const response = await services.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    const { data } = successEnvelope(Readiness).parse(response.json());
    expect(data).toMatchObject({
      ready: true,
      database: { ok: true },
      queue: { ok: true },
      spool: { backlog: 0, rejected: 0, detail: 'No delivery is waiting.' },
    });
    expect(data.database.latencyMs).toBeGreaterThanOrEqual(0);
    // ServiceM8 not answering is reported, not a reason to be unready (runs retry until it answers).
    expect(data.servicem8.ok).toBe(false);
    expect(data.servicem8.detail).toContain('does not answer');
  });
});

describe('health without workers', () => {
  it('says jobs are waiting when only the API runs', async () => {
    const apiOnly = await startTestServices({ role: 'api' });
    try {
      const response = await apiOnly.app.inject({ method: 'GET', url: '/api/health' });
      const { data } = successEnvelope(Health).parse(response.json());
      expect(data.status).toBe('degraded');
      expect(data.queue).toMatchObject({
        ok: false,
        detail: 'No worker has reported in the last minute; background jobs are waiting.',
      });
    } finally {
      await apiOnly.cleanup();
    }
  });
});

describe('GET /api/Public/fetchdata', () => {
  it('answers the version and public settings without a sign-in', async () => {
    const response = await services.app.inject({ method: 'GET', url: '/api/Public/fetchdata' });
    expect(successEnvelope(PublicData).parse(response.json()).data).toEqual({
      appVersion: '1.8.0',
      paymentPublishableKey: null,
      feedbackFormUrl: null,
      supportEmail: 'support@automate.local',
      demoMode: false,
    });
  });
});
