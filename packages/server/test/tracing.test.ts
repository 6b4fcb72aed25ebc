import { SEED_IDS } from '@automate/servicem8-sim';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from '../src/observability/tracing.ts';
import { type AutomationHarness, startAutomationHarness } from './support/automation-harness.ts';

/** With tracing on, one trace follows a ServiceM8 change from its delivery to the note a run writes. */

const exporter = new InMemorySpanExporter();
let stopTracing: () => Promise<void>;
let h: AutomationHarness;
beforeAll(async () => {
  stopTracing = startTracing([new SimpleSpanProcessor(exporter)]);
  h = await startAutomationHarness();
}, 60_000);
afterAll(async () => {
  await h.cleanup();
  await stopTracing();
});

const { jobs, badges } = SEED_IDS;

describe('traces', () => {
  it('follow a delivery through its processing, observation, matching and the run’s action to the ServiceM8 call that adds the note', async () => {
    const triggerId = await h.createTrigger({
      event: 'JobBadgesChanged',
      actions: [{ id: 'n', type: 'Job_AddNote', params: { text: 'Traced for job {{ job.number }}' } }],
    });
    exporter.reset();
    await h.change('job', jobs.quoteHotWater, { badges: JSON.stringify([badges.vip]) });
    const [run] = await h.settledRuns(triggerId, 1);
    expect(run?.status).toBe('Succeeded');

    const spans = exporter.getFinishedSpans();
    const note = spans.find((span) => span.name === 'servicem8 POST /api_1.0/note.json');
    if (!note) throw new Error(`no span for the note's call among ${spans.map((span) => span.name).join(', ')}`);
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    const chain: ReadableSpan[] = [];
    for (let span: ReadableSpan | undefined = note; span; ) {
      chain.push(span);
      const parent: string | undefined = span.parentSpanContext?.spanId;
      span = parent ? byId.get(parent) : undefined;
    }
    expect(chain.map((span) => span.name).reverse()).toEqual([
      'servicem8.delivery',
      'job webhooks.process-delivery',
      'automation.observe',
      'automation.match',
      'job automation.execute-runs',
      'automation.action Job_AddNote',
      'servicem8 POST /api_1.0/note.json',
    ]);
    expect(new Set(chain.map((span) => span.spanContext().traceId)).size).toBe(1);
    // The observation's read of the changed job (a listing, or the record) is in the same trace.
    const traceId = note.spanContext().traceId;
    expect(
      spans.some(
        (span) => span.spanContext().traceId === traceId && span.name.startsWith('servicem8 GET /api_1.0/job'),
      ),
    ).toBe(true);
    await h.deleteTrigger(triggerId);
  });
});
