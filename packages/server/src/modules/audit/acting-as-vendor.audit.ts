import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { App } from '../../http/app-type.ts';
import { recordAudit } from './audit.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A setting as it was before the request changed it, noted by the route for the audit log. */
    auditBefore: unknown;
  }
}

const SECRET_KEY = /password|token|secret/i;

/** What was sent, for the log: a JSON object with secret-looking fields left out; nothing for files or lists. */
function sentBody(body: unknown): Record<string, unknown> | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !SECRET_KEY.test(key)));
}

/** A route that changes a setting notes its value before the change (the log shows before and after). */
export function noteSettingBefore(request: FastifyRequest, value: unknown): void {
  request.auditBefore = value;
}

/**
 * Writes every change a super admin makes while acting as a vendor they do not belong to (the vendor
 * override) into the audit log, once the change succeeded: any vendor-scoped call but a read (a GET
 * that changes something says so with `config.changesState`). What was sent is the entry's `after`.
 * Written before the answer is sent, so whoever reads the log after a change finds it there.
 */
export function registerActingAsVendorAudit(api: App, deps: Deps): void {
  api.decorateRequest('auditBefore', undefined);
  api.addHook('onSend', async (request, reply, payload) => {
    await recordIfChangeAsVendor(request, reply.statusCode);
    return payload;
  });

  async function recordIfChangeAsVendor(request: FastifyRequest, statusCode: number): Promise<void> {
    const { caller, vendorScope } = request;
    if (!caller?.isSuperAdmin || !vendorScope || statusCode >= 400) return;
    if (caller.memberships.some((membership) => membership.vendorId === vendorScope.id)) return;
    const { config, schema, url } = request.routeOptions;
    if (request.method === 'GET' && !config.changesState) return;
    const summary = typeof schema?.summary === 'string' ? schema.summary : `${request.method} ${url}`;
    try {
      await recordAudit(deps.database.db, caller, deps.clock.now(), {
        action: `${request.method} ${url}`,
        summary: `As the vendor: ${summary}.`,
        vendorId: vendorScope.id,
        before: request.auditBefore ?? null,
        after: sentBody(request.body),
      });
    } catch (error) {
      request.log.error({ err: error }, 'a change made as a vendor could not be written to the audit log');
    }
  }
}
