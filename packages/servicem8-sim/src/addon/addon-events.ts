import { SignJWT } from 'jose';
import type { AssumptionChoice } from '../assumptions.ts';

/**
 * Add-on event JWTs: ServiceM8 POSTs a compact JWT, HS256-signed with the App
 * Secret, whose payload is the event object; the add-on answers `{"eventResponse": "<html>"}`.
 */
export type AddonEvent = {
  eventVersion: '1.0';
  eventName: string;
  auth: { accountUUID: string; staffUUID: string; accessToken?: string; accessTokenExpiry?: number };
  eventArgs: Record<string, unknown>;
};

export type AddonEventInput = {
  eventName: string;
  eventArgs: Record<string, unknown>;
  accountUuid: string;
  staffUuid: string;
  /** A short-lived token issued with the event (docs: Lambda only; integrators see it in web-service JWTs too). */
  accessToken?: { token: string; expiresInSeconds: number } | undefined;
};

export function buildAddonEvent(input: AddonEventInput): AddonEvent {
  return {
    eventVersion: '1.0',
    eventName: input.eventName.toLowerCase(),
    auth: {
      accountUUID: input.accountUuid,
      staffUUID: input.staffUuid,
      ...(input.accessToken
        ? { accessToken: input.accessToken.token, accessTokenExpiry: input.accessToken.expiresInSeconds }
        : {}),
    },
    eventArgs: input.eventArgs,
  };
}

/** Signs the event with HS256; `iat` is added (not in the documented payload, harmless to verifiers). */
export async function signAddonEvent(event: AddonEvent, appSecret: string, issuedAt: Date): Promise<string> {
  return new SignJWT({ ...event })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .sign(new TextEncoder().encode(appSecret));
}

export type AddonInvocation = {
  status: number | null;
  /** `eventResponse` from a JSON answer, or null. */
  eventResponse: string | null;
  body: string;
  error: string | null;
};

/** How ServiceM8 labels the JWT it POSTs to the add-on. */
type AddonCallbackMethod = AssumptionChoice<'addonCallbackMethod'>;

function addonRequest(jwt: string, method: AddonCallbackMethod): Pick<RequestInit, 'headers' | 'body'> {
  switch (method) {
    case 'post-text':
      return { headers: { 'content-type': 'text/plain' }, body: jwt };
    case 'post-none':
      // Bytes rather than a string: fetch labels a string body text/plain by itself.
      return { headers: {}, body: new TextEncoder().encode(jwt) };
    case 'post-form':
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ jwt }).toString(),
      };
  }
}

/** POSTs the JWT to an add-on callback as `method` says and reads its answer. */
export async function invokeAddon(
  url: string,
  jwt: string,
  options: { timeoutMs: number; method: AddonCallbackMethod },
): Promise<AddonInvocation> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      ...addonRequest(jwt, options.method),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const body = await response.text();
    let eventResponse: string | null = null;
    let error: string | null = response.ok ? null : `HTTP ${response.status}: the modal would be blank`;
    try {
      const parsed: unknown = JSON.parse(body);
      if (
        parsed &&
        typeof parsed === 'object' &&
        typeof (parsed as { eventResponse?: unknown }).eventResponse === 'string'
      ) {
        eventResponse = (parsed as { eventResponse: string }).eventResponse;
      } else {
        error ??= 'The answer has no eventResponse';
      }
    } catch {
      error ??= 'Invalid JSON Response Received';
    }
    return { status: response.status, eventResponse, body, error };
  } catch (error) {
    return {
      status: null,
      eventResponse: null,
      body: '',
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
