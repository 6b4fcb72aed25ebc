import Fastify, { type FastifyInstance } from 'fastify';
import { ZodError, z } from 'zod';
import { registerControlRoutes } from './control/control.routes.ts';
import { createSimControls, type SimControls, type SimInfo } from './control/sim-controls.ts';
import { guardApi, injectFaults, recordCalls, sendSm8Error } from './http/api-guard.ts';
import { registerBodyParsers } from './http/body-parsers.ts';
import { Sm8Error } from './http/sm8-error.ts';
import { registerMessagingRoutes } from './messaging/messaging.routes.ts';
import { registerOAuthRoutes } from './oauth/oauth.routes.ts';
import { registerObjectRoutes, registerStoredFileRoutes } from './objects/objects.routes.ts';
import { loadSeed, resolveSeed } from './seed/load-seed.ts';
import { createSimContext, type SimContext } from './sim-context.ts';
import { resolveOptions, type SimulatorOptions } from './simulator-options.ts';
import { registerUiRoutes } from './ui/ui.routes.ts';
import { registerWebhookRoutes } from './webhooks/webhooks.routes.ts';

export type Simulator = {
  /** The Fastify instance (never listening until `listen`); `app.inject` works without a port. */
  app: FastifyInstance;
  /** In-process equivalents of the /__sim control API. */
  controls: SimControls;
  /** The simulator's state (store, clock, OAuth, webhooks…), for tests that need to look inside. */
  state: SimContext;
  /** Listens (default: an ephemeral port on 127.0.0.1) and returns the base URL, e.g. `http://127.0.0.1:4010`. */
  listen(port?: number, host?: string): Promise<string>;
  /** The base URL (after `listen`, or `publicUrl`). */
  baseUrl(): string;
  /** Credentials and ids a client needs: app id/secret, API key, account uuid, staff. */
  info(): SimInfo;
  close(): Promise<void>;
};

const BODY_LIMIT_BYTES = 25 * 1024 * 1024;

/**
 * A faithful local ServiceM8. Registration order, explicitly:
 * body parsers → errors → the API (calls logged, faults, auth + throttle: REST objects, webhooks,
 * messaging) → OAuth → stored files → control API → web page.
 */
export function buildSimulator(options: SimulatorOptions = {}): Simulator {
  const resolved = resolveOptions(options);
  const context = createSimContext(resolved, options.clock);
  loadSeed(context.store, resolveSeed(resolved.seed, context.clock.now()), context.clock.now());
  const initialFaults = options.faults ?? [];
  for (const fault of initialFaults) context.faults.add(fault);
  const controls = createSimControls(context, initialFaults);

  const app = Fastify({ logger: resolved.logger, forceCloseConnections: true, bodyLimit: BODY_LIMIT_BYTES });
  registerBodyParsers(app);
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof Sm8Error) return sendSm8Error(reply, error);
    if (error instanceof ZodError) return reply.code(400).send({ errorCode: 400, message: z.prettifyError(error) });
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) {
      return reply
        .code(status)
        .send({ errorCode: status, message: error instanceof Error ? error.message : 'Bad request' });
    }
    request.log.error(error);
    return reply.code(500).send({ errorCode: 500, message: 'An error occurred completing your request' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ errorCode: 404, message: 'Resource not found' }));

  app.register(async (api) => {
    recordCalls(api, context);
    injectFaults(api, context);
    guardApi(api, context);
    registerObjectRoutes(api, context);
    registerWebhookRoutes(api, context);
    registerMessagingRoutes(api, context);
  });
  registerOAuthRoutes(app, context);
  registerStoredFileRoutes(app, context);
  registerControlRoutes(app, controls);
  registerUiRoutes(app, context, controls);

  return {
    app,
    controls,
    state: context,
    listen: async (port = 0, host = '127.0.0.1') => {
      const address = await app.listen({ port, host });
      const listening = app.server.address();
      const url =
        listening && typeof listening === 'object'
          ? `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${listening.port}`
          : address;
      context.setBaseUrl(url);
      return context.baseUrl();
    },
    baseUrl: () => context.baseUrl(),
    info: () => controls.info(),
    close: async () => {
      context.dispatcher.close();
      context.sleeper.cancelAll();
      await app.close();
    },
  };
}
