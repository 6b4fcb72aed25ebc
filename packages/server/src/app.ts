import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { App } from './http/app-type.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSpa } from './http/spa.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import type { Queue } from './queue/queue.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  queue: Queue;
  logger: Logger;
  /** The built web app to serve at `/`; undefined serves the API alone. */
  webRoot: string | undefined;
};

/** Builds the HTTP application without listening, so tests can `inject` and main.ts can listen. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ['https:'],
      },
    },
  });
  registerErrorHandling(app);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
    },
    { prefix: '/api' },
  );

  await registerSpa(app, deps.webRoot);
  return app;
}
