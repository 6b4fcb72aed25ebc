import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/http/app-type.ts';

/** The parts of the served OpenAPI document the check reads. */
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Answer> };
};
type Operation = {
  operationId?: string;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, Answer | { $ref: string }>;
};
type Answer = { content?: Record<string, { schema?: unknown }> };

export type Exchange = {
  method: string;
  url: string;
  status: number;
  /** The answer's Content-Type. */
  contentType: string | undefined;
  body: string;
  /** The media type of the request's body, when it had one. */
  requestType?: string | undefined;
};

/**
 * Whether an answer shows the server read the request's body: a success, or a 400 saying what is wrong
 * with it. Other failures may come before the body is read (access is checked first).
 */
const bodyWasRead = (status: number) => status < 300 || status === 400;

/** Whether a documented media type, or range (`text/*`, `*\/*`), covers the one sent. */
function covers(documented: string, sent: string): boolean {
  const [type, subtype] = documented.split('/');
  return documented === sent || (subtype === '*' && (type === '*' || sent.startsWith(`${type}/`)));
}

const DOCUMENT_ID = 'https://automate.test/openapi.json';

/**
 * Checks answers against the OpenAPI document as an outside client would read it: the operation the
 * path and method name must list the status, and a body in a documented media type must match its
 * schema. A request body the server read must be in a media type the operation documents (a client
 * that checks its requests against the document would not send one it reads otherwise). Answers on
 * paths the document does not have (test-only routes, unknown paths) are not its business.
 */
export class ConformanceCheck {
  private readonly templates: { path: string; segments: string[] }[];
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  private readonly document: OpenApiDocument;

  constructor(document: OpenApiDocument) {
    this.document = document;
    this.templates = Object.keys(document.paths).map((path) => ({ path, segments: path.split('/') }));
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  /** What is wrong with this answer by the document, or undefined when nothing is. */
  problemWith(exchange: Exchange): string | undefined {
    const path = this.pathOf(exchange.url);
    const method = exchange.method.toLowerCase();
    const operation = path ? this.document.paths[path]?.[method] : undefined;
    if (!path || !operation) return undefined;
    const said = `${exchange.method.toUpperCase()} ${exchange.url} answered ${exchange.status}`;
    const name = operation.operationId ?? `${method} ${path}`;
    const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
    const { requestType } = exchange;
    const documentedType = (sent: string) => bodyTypes.some((type) => covers(type, sent));
    if (requestType && bodyTypes.length > 0 && !documentedType(requestType) && bodyWasRead(exchange.status)) {
      return `${said} to a body in ${requestType}, which ${name} does not document (it documents ${bodyTypes.join(', ')}): a type the server does not read is answered 415.`;
    }
    const listed = operation.responses?.[String(exchange.status)];
    if (!listed) {
      const statuses = Object.keys(operation.responses ?? {}).join(', ');
      return `${said}, which ${name} does not document (it documents ${statuses}).`;
    }
    const answer = this.resolve(listed);
    if (!answer.content) return undefined;
    const mediaType = (exchange.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(mediaType in answer.content)) {
      return `${said} as ${mediaType || 'no media type'}, which ${name} does not document for ${exchange.status} (${Object.keys(answer.content).join(', ')}).`;
    }
    if (mediaType !== 'application/json') return undefined;
    const validate = this.validator(path, method, String(exchange.status), listed);
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return `${said} with a body that is not JSON, though ${name} documents JSON.`;
    }
    if (validate(body)) return undefined;
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim());
    return `${said} with a body off ${name}'s schema for ${exchange.status}: ${problems.join('; ')}. Body: ${exchange.body.slice(0, 300)}`;
  }

  /** The documented path the URL falls on: a literal segment beats a parameter where both fit, as in the router. */
  private pathOf(url: string): string | undefined {
    const segments = (url.split('?')[0] ?? '').split('/');
    let best: { path: string; segments: string[] } | undefined;
    for (const template of this.templates) {
      if (template.segments.length !== segments.length) continue;
      if (!template.segments.every((part, index) => isParameter(part) || part === segments[index])) continue;
      if (!best || moreLiteral(template.segments, best.segments)) best = template;
    }
    return best?.path;
  }

  private resolve(listed: Answer | { $ref: string }): Answer {
    if (!('$ref' in listed)) return listed;
    const name = listed.$ref.replace('#/components/responses/', '');
    return this.document.components?.responses?.[name] ?? {};
  }

  private validator(path: string, method: string, status: string, listed: Answer | { $ref: string }) {
    const key = `${method} ${path} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const pointer =
        '$ref' in listed
          ? `${listed.$ref}/content/application~1json/schema`
          : `#/paths/${escapePointer(path)}/${method}/responses/${status}/content/application~1json/schema`;
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function isParameter(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** Whether `a` has a literal segment where `b` first has a parameter. */
function moreLiteral(a: string[], b: string[]): boolean {
  for (let index = 0; index < a.length; index++) {
    const aParameter = isParameter(a[index] ?? '');
    const bParameter = isParameter(b[index] ?? '');
    if (aParameter !== bParameter) return bParameter;
  }
  return false;
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** One check per process: every app the tests start serves the same operations. */
let shared: Promise<ConformanceCheck> | undefined;

/** The check, built from the document this app serves (read without a request, which tests could count). */
function conformanceCheckOf(app: App): Promise<ConformanceCheck> {
  shared ??= (async () => {
    await app.ready();
    return new ConformanceCheck(JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument);
  })();
  return shared;
}

/**
 * Makes every answer the app gives through `inject` be checked against its OpenAPI document: an
 * undocumented status, or a body off its schema, throws, and so fails the test that made the request.
 */
export function checkAnswersAgainstDocument(app: App): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string) => {
    const check = await conformanceCheckOf(app);
    const response = await inject(options);
    const request = typeof options === 'string' ? { method: 'GET', url: options } : options;
    const problem = check.problemWith({
      method: String(request.method ?? 'GET'),
      url: urlOf(request),
      status: response.statusCode,
      contentType: response.headers['content-type'] as string | undefined,
      body: decoded(response),
      requestType: requestTypeOf(request),
    });
    if (problem) throw new Error(`Not as the OpenAPI document says: ${problem}`);
    return response;
  };
  Object.assign(app, { inject: checked });
}

function urlOf(request: InjectOptions): string {
  const { url } = request;
  if (typeof url === 'string') return url;
  return url?.pathname ?? request.path?.toString() ?? '/';
}

/** The media type of the request's body as `inject` sends it (an object goes as JSON), or undefined without a body. */
function requestTypeOf(request: InjectOptions): string | undefined {
  const payload = request.payload ?? request.body;
  if (payload === undefined || payload === null || payload === '') return undefined;
  const header = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (header !== undefined) return String(header).split(';')[0]?.trim().toLowerCase() || undefined;
  return typeof payload === 'object' && !Buffer.isBuffer(payload) && !('pipe' in payload)
    ? 'application/json'
    : undefined;
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}
