import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { FaultRule } from '../control/fault-rules.ts';
import type { SimContext } from '../sim-context.ts';
import { DAY_LIMIT_TEXT, MINUTE_LIMIT_TEXT } from '../throttle/throttle.ts';
import { callOf, rememberCall, rememberPrincipal } from './request-state.ts';
import { Sm8Error } from './sm8-error.ts';

const DEFAULT_HOLD_MS = 30_000;

export function sendSm8Error(reply: FastifyReply, error: Sm8Error): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type(error.contentType)
    .send(typeof error.body === 'string' ? error.body : JSON.stringify(error.body));
}

/** Logs every call of the scope (GET /__sim/calls): method, path, status, time, credential. */
export function recordCalls(scope: FastifyInstance, context: SimContext): void {
  scope.addHook('onRequest', async (request) => {
    rememberCall(request, context.calls.start({ method: request.method, url: request.url }));
  });
  scope.addHook('onResponse', async (request, reply) => {
    const call = callOf(request);
    if (call && call.status === null) {
      call.status = reply.statusCode;
      call.durationMs = Math.round(reply.elapsedTime);
    }
  });
}

/** A fault's body as JSON when it is JSON (sent as `application/json`), else the text. */
function jsonOrText(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? parsed : body;
  } catch {
    return body;
  }
}

function faultError(rule: FaultRule): Sm8Error {
  const status = rule.status ?? 503;
  if (rule.body !== null) return new Sm8Error(status, jsonOrText(rule.body));
  if (status === 429) return new Sm8Error(429, MINUTE_LIMIT_TEXT);
  const message = status === 503 ? 'Service temporarily unavailable' : 'An error occurred completing your request';
  return new Sm8Error(status, { errorCode: status, message });
}

const lostResponses = new WeakMap<FastifyRequest, number>();

/** Applies injected faults (POST /__sim/faults) before anything else runs. */
export function injectFaults(scope: FastifyInstance, context: SimContext): void {
  // A lost response: the work is done, then the connection drops instead of the answer.
  scope.addHook('onSend', async (request, _reply, payload) => {
    const delay = lostResponses.get(request);
    if (delay === undefined) return payload;
    if (delay > 0) await context.sleeper.sleep(delay);
    request.raw.socket.destroy();
    return payload;
  });
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const { latencyMs, rule } = context.faults.take(request.method, path);
    const call = callOf(request);
    if (latencyMs > 0) {
      if (call) call.fault = `latency ${latencyMs}ms`;
      await context.sleeper.sleep(latencyMs);
    }
    if (!rule) return;
    if (call) call.fault = rule.kind === 'status' ? `status ${rule.status}` : rule.kind;
    if (rule.kind === 'status') return sendSm8Error(reply, faultError(rule));
    if (rule.kind === 'lost-response') {
      lostResponses.set(request, rule.latencyMs ?? 0);
      return;
    }
    reply.hijack();
    if (call) {
      call.status = 0;
      call.durationMs = rule.kind === 'timeout' ? (rule.latencyMs ?? DEFAULT_HOLD_MS) : 0;
    }
    if (rule.kind === 'timeout') await context.sleeper.sleep(rule.latencyMs ?? DEFAULT_HOLD_MS);
    request.raw.socket.destroy();
    return reply;
  });
}

/**
 * Authenticates (401/403) and applies the throttle (429 with the documented text),
 * counted per app per account.
 */
export function guardApi(scope: FastifyInstance, context: SimContext): void {
  scope.addHook('onRequest', async (request, reply) => {
    let principal: ReturnType<typeof authenticate>;
    try {
      principal = authenticate(context, request.headers);
    } catch (error) {
      if (error instanceof Sm8Error) return sendSm8Error(reply, error);
      throw error;
    }
    rememberPrincipal(request, principal);
    const call = callOf(request);
    if (call) {
      call.credential = principal.credential;
      call.appId = principal.appId;
      call.accountUuid = principal.accountUuid;
      call.staffUuid = principal.staffUuid;
    }
    const decision = context.throttle.take(
      `${principal.appId}:${principal.accountUuid}`,
      context.clock.now().getTime(),
    );
    if (decision.allowed) return;
    const text = decision.window === 'minute' ? MINUTE_LIMIT_TEXT : DAY_LIMIT_TEXT;
    const { body, retryAfter } = context.options.throttle;
    return sendSm8Error(
      reply,
      new Sm8Error(429, body === 'json' ? { errorCode: 429, message: text } : text, {
        headers: retryAfter ? { 'retry-after': String(decision.retryAfterSeconds) } : {},
      }),
    );
  });
}
