import { APP_VERSION, type ErrorCode } from '@automate/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type Access, CURRENT_VENDOR_HEADER } from './access.ts';
import { acceptsApiKeys } from './api-key-routes.ts';
import { STATUS_BY_CODE } from './app-error.ts';
import type { App } from './app-type.ts';

/** What the document says of a route beyond what its schemas, access and limits already tell. */
export type RouteDocument = {
  /** Failures its services can answer that its access, inputs and limits do not imply (e.g. CONFLICT). */
  errors?: readonly ErrorCode[];
  /** The request is multipart form data carrying one file in this field. */
  upload?: { field: string; description: string };
  /** The success answer is not a JSON envelope: a file of one of these media types. */
  file?: { mediaTypes: readonly string[]; description: string };
  /** The success answer is a redirect (302) to a page of the web app or elsewhere. */
  redirect?: string;
  /** The success answer may also be plain text (a handshake answered with a word). */
  text?: string;
  /** The media types the body is read in, when not JSON alone (a caller outside the product posts forms or text). */
  bodyTypes?: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    document?: RouteDocument;
  }
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** Each error status, once in `components.responses`, with why it is answered. */
const FAILURES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'The request is not valid: `message` says why, and `errors` names each field with its problems.',
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid session: sign in and send the token as `Authorization: Bearer …`.',
  },
  403: {
    name: 'Forbidden',
    description: 'The caller may not do this (their role, their vendor, or a refused action).',
  },
  404: {
    name: 'NotFound',
    description: 'The object (or the vendor) does not exist, or belongs to a vendor the caller is not a member of.',
  },
  409: {
    name: 'Conflict',
    description: 'The change conflicts with the current state (e.g. a name already taken, a run no longer pending).',
  },
  413: { name: 'PayloadTooLarge', description: 'The request body or the uploaded file is too large.' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not in a media type this operation accepts.' },
  423: { name: 'Locked', description: 'The account is locked after repeated failed sign-ins (`lockedOut: true`).' },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many requests from this network address (or with this API key): wait as `Retry-After` says, or a minute, and try again.',
  },
  500: { name: 'InternalError', description: 'Something failed on the server: `requestId` names the log lines.' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A service this operation depends on (the database, ServiceM8, Stripe) does not answer now: try again later.',
  },
};

/** The tags every operation is filed under, described once (the order is the UI's). */
const TAGS: Record<string, string> = {
  System: 'Health and readiness of the server.',
  Public: 'What the public pages need before sign-in.',
  Auth: 'Signing in, registering, confirming addresses and resetting passwords.',
  User: 'The signed-in user.',
  Vendor: 'The businesses (vendors) and their members.',
  'Vendor invitations': 'Inviting people to a business.',
  'ServiceM8 sign-in': 'Signing in with ServiceM8 and the add-on inside it.',
  ServiceM8: "A vendor's ServiceM8 connection and the records read from it.",
  Webhooks: 'Deliveries from ServiceM8 and Stripe.',
  Content: 'Help articles and FAQ entries.',
  'Email templates': "A vendor's email templates.",
  Trigger: "A vendor's triggers, their runs and dry runs.",
  Notices: "A vendor's notices.",
  'API keys': "A business's API keys for its own scripts.",
  'Web addresses': "Sending to other systems' web addresses: the signing secret, the daily count, a test delivery.",
  Activity: "A vendor's activity history.",
  'Client messaging': "Clients' opt-outs from a vendor's messages.",
  Feedback: 'Feedback people send from inside the app.',
  TriggerTemplate: 'The library of trigger templates.',
  Accounting: 'Plans, subscriptions, checkout and invoices.',
  'Admin: users': 'Super admins: users.',
  'Admin: vendors': 'Super admins: vendors.',
  'Admin: emails': 'Super admins: system emails and the outbox.',
  'Admin: runs': 'Super admins: runs of every vendor.',
  'Admin: metrics': 'Super admins: how the platform is doing.',
  'Admin: audit log': 'Super admins: the audit log.',
  'Admin: feedback': 'Super admins: the feedback people sent.',
  'Admin: settings': "Super admins: the platform's own details, as its tax invoices show them.",
};

/** OpenAPI 3.1 generated from the route schemas; the document at /api/docs/json, a browsable UI at /api/docs. */
export async function registerOpenApi(app: App, options: { publicUrl: string; supportEmail: string }): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Automate API',
        version: APP_VERSION,
        description:
          'Automations for ServiceM8. Success answers are `{ success: true, data, message? }`; failures are ' +
          '`{ success: false, message, code, errors? }` (the `ErrorBody` schema) with a proper HTTP status.\n\n' +
          '**Scripts: use an API key.** An Admin makes one in Account › API keys (read-only or read and write; ' +
          'shown once). Send it as `Authorization: Bearer atm_live_…` to the automation operations ' +
          '(`/api/vendor/{vendorId}/Trigger…`: triggers, switching one on or off, runs and dry runs), e.g. ' +
          '`curl -H "Authorization: Bearer atm_live_…" https://…/api/vendor/{vendorId}/Trigger/runs`. Keys are ' +
          'refused on every other operation (account, billing, team, admin), a read-only key on every change (403), ' +
          'a revoked key at once (401); each key may make 120 requests a minute (429 beyond), and changes made ' +
          'with a key are in the activity history under its name.',
        contact: { name: 'Automate support', email: options.supportEmail },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: options.publicUrl, description: 'This server' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token that signing in answers, or an API key (`atm_live_…`) on the automation operations.',
          },
        },
      },
    },
    transform: (document) => {
      // The API is the routes that say who may call them (every /api route must); others are not in it.
      if (!document.route.config?.access) return { schema: { hide: true }, url: document.url };
      const { schema, url } = zodTransform(document);
      if (schema.hide) return { schema, url };
      return { schema: documentRoute(document.route, schema as DocumentedSchema), url };
    },
    transformObject: (document) => withoutUnusedSchemas(withSharedFailures(jsonSchemaTransformObject(document))),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}

type JsonSchema = Record<string, unknown>;
type DocumentedSchema = JsonSchema & {
  tags?: string[];
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  headers?: JsonSchema & { properties?: Record<string, JsonSchema> };
  response?: Record<string, JsonSchema>;
};

/** The route's operation as the document gives it: id, security, headers, bodies and every answer. */
function documentRoute(route: RouteOptions, schema: DocumentedSchema): DocumentedSchema {
  const access = route.config?.access as Access | undefined;
  const document = route.config?.document ?? {};
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const documented: DocumentedSchema = {
    ...schema,
    operationId: operationIdOf(String(method), route.url),
    security: access?.kind === 'public' ? [] : [{ bearerAuth: [] }],
  };
  if (access?.kind === 'vendor' && access.vendor === 'current') {
    documented.headers = {
      type: 'object',
      ...schema.headers,
      properties: {
        ...schema.headers?.properties,
        [CURRENT_VENDOR_HEADER]: {
          type: 'string',
          format: 'uuid',
          description: "The vendor to act for; the caller's first vendor when absent.",
        },
      },
    };
  }
  if (document.bodyTypes) documented.consumes = [...document.bodyTypes];
  if (document.upload) {
    documented.consumes = ['multipart/form-data'];
    documented.body = {
      type: 'object',
      properties: {
        [document.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream' },
      },
      required: [document.upload.field],
      description: document.upload.description,
    };
  }
  documented.response = { ...successAnswers(schema.response, document), ...failureAnswers(route, documented) };
  return documented;
}

function successAnswers(response: Record<string, JsonSchema> | undefined, document: RouteDocument) {
  if (document.redirect) {
    return {
      302: {
        type: 'null',
        description: document.redirect,
        headers: { location: { type: 'string', description: 'Where the browser goes next.' } },
      },
    };
  }
  if (document.file) {
    const schema = { type: 'string', contentMediaType: 'application/octet-stream' };
    return {
      200: {
        description: document.file.description,
        content: Object.fromEntries(document.file.mediaTypes.map((type) => [type, { schema }])),
      },
    };
  }
  if (document.text) {
    const json = response?.[200];
    return {
      ...response,
      200: {
        description: document.text,
        content: {
          ...(json ? { 'application/json': { schema: json } } : {}),
          'text/plain': { schema: { type: 'string' } },
        },
      },
    };
  }
  return response ?? {};
}

/** The error answers the route can give, from its access, its inputs, its limits and what it declares. */
function failureAnswers(route: RouteOptions, schema: DocumentedSchema): Record<string, JsonSchema> {
  const access = route.config?.access as Access | undefined;
  const statuses = new Set<number>([500]);
  for (const code of route.config?.document?.errors ?? []) statuses.add(STATUS_BY_CODE[code]);
  // The body includes an upload's, which documentRoute has set by now.
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (schema.body) statuses.add(413).add(415);
  if (schema.params) statuses.add(404);
  // API keys are limited per key on the operations that take them.
  if (route.config?.rateLimit || acceptsApiKeys(route.url)) statuses.add(429);
  if (access && access.kind !== 'public') statuses.add(401);
  if (access?.kind === 'superAdmin' || access?.kind === 'vendor') statuses.add(403);
  if (access?.kind === 'vendor') statuses.add(404);
  const answers: Record<string, JsonSchema> = {};
  for (const status of [...statuses].sort()) {
    answers[status] = { $ref: ERROR_BODY_REF };
  }
  return answers;
}

/**
 * A stable camelCase id from the method and the path: `GET /api/vendor/:vendorId/Trigger/:triggerId`
 * is `getVendorByVendorIdTriggerByTriggerId`. Paths are unique per method, and so are these ids.
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...wordsOf(segment.slice(1))] : wordsOf(segment)));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/** `servicem8` → [servicem8], `form-responses` → [form, responses], `userId` → [user, Id]. */
function wordsOf(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word === word.toUpperCase() && word.length > 1 ? word.toLowerCase() : word));
}

type Operations = Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;

/** Every error answer refers to its status's entry in `components.responses`, which says why it is given. */
function withSharedFailures<T extends { paths?: unknown; components?: object }>(document: T): T {
  const used = new Set<number>();
  for (const operations of Object.values((document.paths ?? {}) as Operations)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const failure = FAILURES[Number(status)];
        if (!failure || JSON.stringify(response.content) !== ERROR_CONTENT) continue;
        used.add(Number(status));
        (operation.responses as Record<string, unknown>)[status] = { $ref: `#/components/responses/${failure.name}` };
      }
    }
  }
  const responses = Object.fromEntries(
    [...used].sort().map((status) => {
      const { name, description } = FAILURES[status] as (typeof FAILURES)[number];
      const retryAfter = { 'retry-after': { description: 'Seconds to wait.', schema: { type: 'integer' } } };
      const content = JSON.parse(ERROR_CONTENT) as unknown;
      return [name, { description, ...(status === 429 ? { headers: retryAfter } : {}), content }];
    }),
  );
  return { ...document, components: { ...document.components, responses } };
}

const ERROR_CONTENT = JSON.stringify({ 'application/json': { schema: { $ref: ERROR_BODY_REF } } });

/** Named schemas no operation refers to (directly or through another) are left out. */
function withoutUnusedSchemas<T extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } }>(
  document: T,
): T {
  const schemas: Record<string, unknown> = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
          const name = child.slice('#/components/schemas/'.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit(document.paths);
  visit((document.components as { responses?: unknown } | undefined)?.responses);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}
