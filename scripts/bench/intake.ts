/**
 * intake: ServiceM8 webhook deliveries per second to POST /api/Webhook/sm8cb, 50 connections for 30 s
 * (autocannon). Every body is a different delivery (a demo job and a time of its own), shaped like the
 * simulator's, so each one accepted must become one row of the inbox; the server processes them
 * meanwhile, as it would during a real burst.
 */
import autocannon from 'autocannon';
import { startBenchEnv } from './environment.ts';
import { round } from './load.ts';
import type { Benchmark } from './types.ts';

const CONNECTIONS = 50;

/** ServiceM8's `YYYY-MM-DD HH:MM:SS` (UTC) `seconds` after `start`. */
function deliveryTime(start: number, seconds: number): string {
  return new Date(start + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export const intake: Benchmark = {
  name: 'intake',
  title: 'Webhook intake',
  async run(context) {
    const seconds = context.quick ? 5 : 30;
    const env = await startBenchEnv({ ...context, name: 'intake' });
    try {
      const jobs = (await env.sim.records('job')).map((job) => job.uuid);
      const template = env.jobDelivery;
      const entry = template.entry[0] ?? {};
      const start = Date.now();
      let built = 0;
      let accepted = 0;
      let duplicates = 0;
      const bodyFor = (n: number) =>
        JSON.stringify({
          ...template,
          entry: [
            { ...entry, uuid: jobs[n % jobs.length], time: deliveryTime(start, Math.floor(n / jobs.length) + 1) },
          ],
          resource_url: template.resource_url.replace(/[0-9a-f-]{36}(?=\.json$)/, jobs[n % jobs.length] ?? ''),
        });
      const callback = new URL(env.callbackUrl);
      const result = await autocannon({
        url: `${callback.origin}${callback.pathname}${callback.search}`,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => ({ ...request, body: bodyFor(built++) }),
            onResponse: (status, body) => {
              if (status !== 200) return;
              if ((JSON.parse(body) as { data?: { duplicate?: boolean } }).data?.duplicate) duplicates++;
              else accepted++;
            },
          },
        ],
      });

      const since = new Date(start).toISOString();
      const count = async () => {
        const rows = await env.db.query<{ stored: number; received: number }>(
          `select count(*)::int as stored, count(*) filter (where status = 'Received')::int as received
             from webhook_inbox where vendor_id = '${env.vendorId}' and received_at >= '${since}'`,
        );
        return rows[0] ?? { stored: 0, received: 0 };
      };
      // The embedded database opens in one process only: count once the server has stopped.
      if (context.kind === 'pglite') await env.stopServer();
      const { stored, received } = await count();

      // ServiceM8 waits 10 s for an answer (autocannon's timeout too) and does not send a delivery again.
      const refused = result.non2xx + result.errors - result.timeouts;
      const problems: string[] = [];
      // Stored may exceed accepted by the requests whose answers were not counted (in flight when the
      // load stopped, or answered after 10 s), never by more than were sent; fewer is a loss.
      if (stored < accepted) problems.push(`intake: ${accepted} deliveries accepted but only ${stored} stored`);
      if (stored > built) problems.push(`intake: ${stored} stored but only ${built} sent`);
      if (duplicates > 0) problems.push(`intake: ${duplicates} distinct deliveries were answered as duplicates`);
      if (refused > 0) {
        problems.push(
          `intake: ${refused} deliveries refused or dropped (${result.non2xx} non-2xx answers, ${result.errors - result.timeouts} connection errors)`,
        );
      }
      const perSecond = round(accepted / result.duration);
      return {
        metrics: [
          {
            key: 'deliveriesPerSecond',
            label: `deliveries/s (${CONNECTIONS} connections, ${seconds} s)`,
            value: perSecond,
            unit: '/s',
            better: 'higher',
            goal: { op: '>=', value: context.kind === 'postgres' ? 1000 : 500 },
          },
          { key: 'p50Ms', label: 'latency p50', value: result.latency.p50, unit: 'ms', better: 'lower' },
          {
            key: 'p99Ms',
            label: 'latency p99',
            value: result.latency.p99,
            unit: 'ms',
            better: 'lower',
            ...(context.kind === 'postgres' ? { goal: { op: '<=', value: 50 } as const } : {}),
          },
          {
            key: 'errors',
            label: 'refused or dropped',
            value: refused,
            unit: '',
            better: 'lower',
            goal: { op: '<=', value: 0 },
          },
          {
            key: 'timeouts',
            label: 'not answered within 10 s',
            value: result.timeouts,
            unit: '',
            better: 'lower',
            goal: { op: '<=', value: 0 },
          },
          {
            key: 'storedMinusAccepted',
            label: 'stored − accepted',
            value: stored - accepted,
            unit: '',
            better: 'lower',
            display: `${stored.toLocaleString('en')} stored, ${accepted.toLocaleString('en')} accepted (${stored - accepted} in flight at the stop or answered late)`,
          },
        ],
        problems,
        notes: [
          `${received.toLocaleString('en')} of ${stored.toLocaleString('en')} still waiting to be processed when the load stopped`,
        ],
        details: {
          seconds: result.duration,
          connections: CONNECTIONS,
          sent: built,
          accepted,
          duplicates,
          stored,
          unprocessedAtStop: received,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          latencyMs: {
            p50: result.latency.p50,
            p90: result.latency.p90,
            p99: result.latency.p99,
            max: result.latency.max,
          },
        },
      };
    } finally {
      await env.close();
    }
  },
};
