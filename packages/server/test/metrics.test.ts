import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWorkerMetrics } from '../src/observability/worker-metrics-server.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';
import { startTestServices } from './support/test-services.ts';

/** What Prometheus is given: the operator's metrics after a ServiceM8 change ran an automation. */

const TOKEN = 'metrics-token-for-the-scraper-0123';
let h: AutomationHarness;
beforeAll(async () => {
  h = await startAutomationHarness({ env: { METRICS_TOKEN: TOKEN } });
}, 60_000);
afterAll(() => h.cleanup());

const { jobs, badges } = SEED_IDS;

async function scrape(baseUrl: string, authorization?: string) {
  const response = await fetch(`${baseUrl}/api/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one series (`name{labels}` exactly as Prometheus writes it), 0 when it is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /api/metrics', () => {
  it('answers 401 with a sentence without the token or with another one', async () => {
    const base = h.baseUrl as string;
    for (const authorization of [undefined, 'Bearer someone-else-entirely-123', TOKEN]) {
      const answer = await scrape(base, authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({
        success: false,
        code: 'UNAUTHENTICATED',
        message: 'Send the METRICS_TOKEN as a bearer token (Authorization: Bearer …).',
      });
    }
  });

  it('counts the run, its ServiceM8 calls and its requests when a change in ServiceM8 adds a note', async () => {
    const base = h.baseUrl as string;
    const before = await scrape(base, `Bearer ${TOKEN}`);
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);

    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Metrics saw job {{ job.number }}' } }],
    });
    await h.change('job', jobs.quoteDrainCctv, { badges: JSON.stringify([badges.urgent]) });
    const [run] = await h.settledRuns(triggerId, 1);
    expect(run?.status).toBe('Succeeded');
    expect(h.sim.controls.records('note').map((note) => note.note)).toContain('Metrics saw job 1003');

    const after = await scrape(base, `Bearer ${TOKEN}`);
    const moved = (series: string) => sample(after.text, series) - sample(before.text, series);
    expect(moved('automate_runs_started_total')).toBe(1);
    expect(moved('automate_runs_finished_total{status="Succeeded"}')).toBe(1);
    // At least the read of the changed job and the note's create.
    expect(moved('automate_servicem8_requests_total{outcome="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(after.text).toContain('automate_servicem8_rate_limit_wait_seconds_total ');

    // Per route pattern and status, never the raw URL: no vendor or trigger id in any label.
    expect(
      sample(
        after.text,
        'automate_http_request_duration_seconds_count{method="POST",route="/api/vendor/:vendorId/Trigger",status="201"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(after.text).toMatch(
      /automate_http_request_duration_seconds_count\{method="POST",route="\/api\/Webhook\/sm8cb",status="200"\} [1-9]/,
    );
    const labelled = after.text.split('\n').filter((line) => line.startsWith('automate_http_request_duration'));
    expect(labelled.filter((line) => line.includes(h.vendorId) || line.includes(triggerId))).toEqual([]);

    // Read at scrape time: the queues, the spool, the event loop.
    expect(after.text).toMatch(/^automate_queue_ready_jobs\{queue="automation\.execute-run"\} \d+$/m);
    expect(after.text).toMatch(
      /^automate_queue_oldest_ready_job_age_seconds\{queue="automation\.execute-run"\} [\d.]+$/m,
    );
    expect(sample(after.text, 'automate_spool_pending_deliveries')).toBe(0);
    expect(after.text).toMatch(/^automate_spool_rejected_deliveries 0$/m);
    expect(after.text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    if (h.target.kind === 'postgres') {
      expect(after.text).toMatch(/^automate_db_pool_connections\{state="max"\} 10$/m);
    }
    await h.deleteTrigger(triggerId);
  });

  it('the Grafana dashboard in docs/operations asks only for metrics the server exposes', async () => {
    const dashboard = JSON.parse(
      await readFile(path.resolve(import.meta.dirname, '../../../docs/operations/grafana-dashboard.json'), 'utf8'),
    ) as { panels: Array<{ targets?: Array<{ expr: string }> }> };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    const asked = new Set(
      exprs.flatMap((expr) =>
        [...expr.matchAll(/\b((?:automate|nodejs|process)_[a-z_]+?)(?:_bucket|_count|_sum)?\{/g)].map(
          ([, name]) => name,
        ),
      ),
    );
    const exposed = new Set(
      [...(await scrape(h.baseUrl as string, `Bearer ${TOKEN}`)).text.matchAll(/^# TYPE (\S+) /gm)].map(
        ([, name]) => name,
      ),
    );
    expect(asked.size).toBeGreaterThanOrEqual(10);
    expect([...asked].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('serves a worker process’s metrics on a port of its own, with the same token', async () => {
    const endpoint = await serveWorkerMetrics(h.deps.metrics, TOKEN, { port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${endpoint.port}`;
      expect((await scrape(base)).status).toBe(401);
      const answer = await scrape(base, `Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('automate_runs_finished_total');
      expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    } finally {
      await endpoint.close();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no metrics endpoint: 404 with a sentence, whatever is sent', async () => {
    const services = await startTestServices();
    try {
      const answer = await services.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'Metrics are off: METRICS_TOKEN is not set.',
      });
    } finally {
      await services.cleanup();
    }
  });
});
