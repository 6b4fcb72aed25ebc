import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AssumptionChoice } from '../assumptions.ts';
import { holdsAnyScope } from '../auth/scopes.ts';
import { bodyFields, stringField } from '../http/body-parsers.ts';
import { principalOf, warnCall } from '../http/request-state.ts';
import { OK_RESULT, restError } from '../http/sm8-error.ts';
import type { SimContext } from '../sim-context.ts';
import { downloadAttachmentFile, serveStoredFile, uploadAttachmentFile } from './attachment-files.ts';
import { matchesFilter, parseFilter } from './filter.ts';
import { presentRecord } from './form-field-data.ts';
import { findObjectType, hasField, isFilterable, type ObjectName, type ObjectType } from './object-types.ts';
import { FIRST_CURSOR, takePage } from './pagination.ts';
import { createRecord, deleteRecord, findRecordOrThrow, updateRecord } from './record.service.ts';
import type { SimRecord } from './record-store.ts';

const OBJECT_PATH = /^([A-Za-z_]+)(?:\/([^/]+))?\.(json|file)$/;

function requireScope(request: FastifyRequest, accepted: readonly string[]): void {
  if (accepted.length === 0 || !holdsAnyScope(principalOf(request).scopes, accepted)) {
    throw restError(403, `${accepted[0] ?? 'This'} scope required`);
  }
}

function notAuthorised(name: string) {
  return restError(400, `${name} is not an authorised object type`);
}

/** The body of a REST write: JSON or form fields; anything else is a 400. */
function writeInput(request: FastifyRequest): Record<string, unknown> {
  if (request.body === undefined || request.body === null || request.body === '') return {};
  const fields = bodyFields(request.body);
  if (fields) return fields;
  if (Buffer.isBuffer(request.body) && request.body.length === 0) return {};
  throw restError(400, 'Send the record as JSON (application/json) or form fields (application/x-www-form-urlencoded)');
}

/** The query parameters a list reads; any other is noted in the call log (the real API ignores it silently). */
const LIST_PARAMETERS: ReadonlySet<string> = new Set(['$filter', 'cursor', '$sort', '$top', '$orderby']);

function noteUnknownParameters(request: FastifyRequest, known: ReadonlySet<string>): void {
  for (const name of Object.keys((request.query as Record<string, unknown> | undefined) ?? {})) {
    if (!known.has(name)) warnCall(request, `unknown query parameter "${name}" ignored`);
  }
}

/**
 * The object a path's name spells, under the `pathSpelling` reading: `any` takes every case and either
 * spelling of attachment and note; the exact readings take lower case only, and `sdk-exact` the `dbo`
 * spelling for one record (never for its bytes), the plain one for lists and creates.
 */
function objectOfPath(
  name: string,
  target: 'list' | 'record' | 'file',
  spelling: AssumptionChoice<'pathSpelling'>,
): ObjectType | undefined {
  const type = findObjectType(name);
  if (!type || spelling === 'any') return type;
  if (name !== type.name && !type.aliases.includes(name)) return undefined;
  const byAlias = name !== type.name;
  if (spelling === 'plain-exact' || type.aliases.length === 0) return byAlias ? undefined : type;
  return byAlias === (target === 'record') ? type : undefined;
}

/** Sorts by `<field> [asc|desc]` (an unknown field leaves the order as it is). */
function sortedBy(records: SimRecord[], type: ObjectType, order: string): SimRecord[] {
  const [field = '', direction = 'asc'] = order.trim().split(/\s+/);
  if (!hasField(type, field)) return records;
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  return [...records].sort((a, b) =>
    String(a[field]) < String(b[field]) ? -sign : String(a[field]) > String(b[field]) ? sign : 0,
  );
}

function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json').send(JSON.stringify(value));
}

/**
 * GET list: `$filter` (an unreadable one is ignored, as the real API does, and noted in the call log),
 * then with `cursor` a page of up to `pageSize` records and `x-next-cursor`; without `cursor` every
 * record (`$sort` and `$top` are honoured there, `$orderby` under the `orderBy` reading `honoured`; all are
 * undocumented). Text compares as the `textComparison` reading says; a parameter the list does not read
 * is noted in the call log.
 */
function listRecords(
  context: SimContext,
  request: FastifyRequest,
  reply: FastifyReply,
  type: ObjectType,
): FastifyReply {
  const query = request.query as Record<string, unknown>;
  const { assumptions } = context.options;
  noteUnknownParameters(request, LIST_PARAMETERS);
  const layout = assumptions.formFieldDataLayout;
  const present = (record: SimRecord) => presentRecord(type.name, layout, record);
  let records: SimRecord[] = context.store.list(type.name as ObjectName);
  const filter = stringField(query, '$filter');
  const ignoresEditDate =
    context.options.assumptions.editDateFilter === 'ignored' && /\bedit_date\b/.test(filter ?? '');
  if (filter !== undefined && ignoresEditDate) {
    warnCall(request, '$filter on edit_date ignored (editDateFilter: ignored); every record was returned');
  } else if (filter !== undefined) {
    const parsed = parseFilter(filter, (field) => isFilterable(type, field));
    if (parsed.ok) {
      const text = assumptions.textComparison === 'case-insensitive' ? 'fold' : 'exact';
      records = records.filter((record) => matchesFilter(record, parsed.conditions, text));
    } else if (context.options.filters.onInvalid === 'reject') {
      throw restError(400, `Invalid $filter: ${parsed.reason}`);
    } else {
      warnCall(request, `$filter ignored (${parsed.reason}); every record was returned`);
    }
  }
  const cursor = stringField(query, 'cursor');
  if (cursor !== undefined) {
    if (cursor !== FIRST_CURSOR && !/^[0-9a-f-]{36}$/i.test(cursor)) throw restError(400, 'Invalid cursor');
    const page = takePage(records, cursor, context.options.pageSize);
    if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
    return sendJson(reply, page.records.map(present));
  }
  const sort = stringField(query, '$sort');
  if (sort) records = sortedBy(records, type, sort);
  const orderBy = stringField(query, '$orderby');
  if (orderBy && assumptions.orderBy === 'honoured') records = sortedBy(records, type, orderBy);
  else if (orderBy) warnCall(request, '$orderby ignored (orderBy: ignored); the records are in stored order');
  const top = Number(stringField(query, '$top'));
  if (Number.isInteger(top) && top > 0) records = records.slice(0, top);
  return sendJson(reply, records.map(present));
}

async function handleObjectRequest(
  context: SimContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const path = (request.params as { '*': string })['*'];
  const match = OBJECT_PATH.exec(path);
  if (!match) throw restError(404, 'Resource not found');
  const [, name = '', uuid, extension] = match;
  const target = extension === 'file' ? 'file' : uuid ? 'record' : 'list';
  const type = objectOfPath(name, target, context.options.assumptions.pathSpelling);
  if (!type) throw notAuthorised(name);
  if (target !== 'list' || request.method !== 'GET') noteUnknownParameters(request, new Set());
  const principal = principalOf(request);
  const actor = { staffUuid: principal.staffUuid, appId: principal.appId };

  if (extension === 'file') {
    if (type.name !== 'attachment' || !uuid) throw restError(404, 'Resource not found');
    if (request.method === 'GET') {
      requireScope(request, type.scopes.read);
      return downloadAttachmentFile(context, reply, uuid);
    }
    if (request.method === 'POST') {
      requireScope(request, type.scopes.create);
      return sendJson(reply, uploadAttachmentFile(context, request, uuid));
    }
    throw restError(405, 'Method not allowed');
  }

  if (!uuid) {
    if (request.method === 'GET') {
      requireScope(request, type.scopes.read);
      return listRecords(context, request, reply, type);
    }
    if (request.method === 'POST') {
      if (!type.writable) throw notAuthorised(name);
      requireScope(request, type.scopes.create);
      const { record, warnings } = createRecord(context, type, writeInput(request), actor);
      for (const warning of warnings) warnCall(request, warning);
      return sendJson(reply.header('x-record-uuid', record.uuid), OK_RESULT);
    }
    throw restError(405, 'Method not allowed');
  }

  if (request.method === 'GET') {
    requireScope(request, type.scopes.read);
    const record = findRecordOrThrow(context.store, type, uuid);
    return sendJson(reply, presentRecord(type.name, context.options.assumptions.formFieldDataLayout, record));
  }
  if (!type.writable) throw notAuthorised(name);
  requireScope(request, type.scopes.write);
  if (request.method === 'POST') {
    const { warnings } = updateRecord(context, type, uuid, writeInput(request), actor);
    for (const warning of warnings) warnCall(request, warning);
    return sendJson(reply, OK_RESULT);
  }
  if (request.method === 'DELETE') {
    deleteRecord(context, type, uuid, actor);
    return sendJson(reply, OK_RESULT);
  }
  throw restError(405, 'Method not allowed');
}

/** `/api_1.0/{object}.json`, `/api_1.0/{object}/{uuid}.json` and `/api_1.0/attachment/{uuid}.file`. */
export function registerObjectRoutes(scope: FastifyInstance, context: SimContext): void {
  scope.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/api_1.0/*',
    handler: (request, reply) => handleObjectRequest(context, request, reply),
  });
}

/** `/__files/{uuid}/{name}`: where attachment downloads redirect to. */
export function registerStoredFileRoutes(app: FastifyInstance, context: SimContext): void {
  app.get('/__files/:uuid/:name', async (request, reply) =>
    serveStoredFile(context, reply, (request.params as { uuid: string }).uuid),
  );
}
