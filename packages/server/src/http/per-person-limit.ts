import type { FastifyInstance } from 'fastify';
import { requireCaller } from './access.ts';

/**
 * Lets each signed-in person make the routes of this plugin `max` times a minute, counted together under
 * `name` (then 429 with `doing`: "You can test triggers 30 times a minute. Wait 40 seconds…"). A hook
 * after the access check, which tells who is calling.
 */
export function limitPerPerson(app: FastifyInstance, limit: { name: string; max: number; doing: string }): void {
  app.addHook(
    'preHandler',
    app.rateLimit({
      max: limit.max,
      timeWindow: '1 minute',
      keyGenerator: (request) => `${limit.name}:${requireCaller(request).id}`,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `You can ${limit.doing} ${limit.max} times a minute. Wait ${context.after} and try again.`,
      }),
    }),
  );
}
