import { APP_VERSION } from '@automate/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './app-type.ts';

/** OpenAPI 3.1 generated from the route schemas; the document at /api/docs/json, a browsable UI at /api/docs. */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Automate API',
        version: APP_VERSION,
        description:
          'Automations for ServiceM8. Success answers are `{ success: true, data, message? }`; failures are ' +
          '`{ success: false, message, code, errors? }` with a proper HTTP status.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
