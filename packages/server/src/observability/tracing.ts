import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: a ServiceM8 delivery's trace
 * runs from the webhook through its processing job (observation, matching) to each run's job, its
 * actions and their ServiceM8 calls. The trace context crosses the queue in the job's payload
 * (`TRACE_FIELD`, W3C `traceparent`), which the payload schemas drop before a handler sees it. Without
 * a provider registered the API's calls do nothing.
 */

/** Where a queued job carries the trace context of the work that queued it. */
const TRACE_FIELD = '_trace';

const tracer = () => trace.getTracer('automate');

/**
 * Registers the process's tracer provider with `processors` (an OTLP exporter over HTTP reading the
 * standard OTEL_EXPORTER_OTLP_* variables by default); answers its shutdown, which flushes what is left.
 */
export function startTracing(processors?: SpanProcessor[]): () => Promise<void> {
  const provider = new NodeTracerProvider({
    spanProcessors: processors ?? [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  return async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  };
}

/** The payload with the active trace context in `TRACE_FIELD`, or as it is when nothing is traced. */
export function withTraceContext<T extends object>(payload: T): T {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? { ...payload, [TRACE_FIELD]: carrier } : payload;
}

/** The trace context a job's raw payload carries (the root context when none). */
export function traceContextOf(data: unknown): Context {
  const carrier =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[TRACE_FIELD] : undefined;
  return typeof carrier === 'object' && carrier !== null ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

/** Runs `work` in a span named `name`, a child of `parent` (the active context by default); a throw marks it failed. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
