import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { WEB_ADDRESS_IDEMPOTENCY_HEADER, WEB_ADDRESS_SIGNATURE_HEADER } from '@automate/contract';
import { blockedAddressReason } from '../../security/address-guard.ts';

/** How much of an answer is read; the rest is dropped unread. */
const ANSWER_READ_LIMIT = 64 * 1024;
const USER_AGENT = 'Automate-Webhooks/1.0';

/**
 * Which addresses a delivery may go to, and how long it may take. Production: https to public
 * addresses only. The test allowance (never in production, `config.ts` refuses it) also lets plain
 * http reach this machine's loopback, where the tests' receivers listen; every other private range
 * stays refused. `timeoutSeconds` (WEB_ADDRESS_TIMEOUT_SECONDS) runs from connecting to the end of
 * the answer.
 */
export type DeliveryPolicy = { allowLoopbackHttp: boolean; timeoutSeconds: number };

export type DeliveryRequest = {
  url: string;
  body: string;
  contentType: string;
  /** Extra headers, already opened. */
  headers: ReadonlyArray<{ name: string; value: string }>;
  idempotencyKey: string;
  signingSecret: string;
  /** Signed into the signature header (seconds since 1970). */
  timestamp: number;
};

/** What the web address answered: its status, `Retry-After` in ms (when given), and the answer read (at most 64 KB). */
export type DeliveryAnswer = {
  status: number;
  retryAfterMs: number | null;
  answer: string;
  /** The answer was longer than the read limit and cut there. */
  cut: boolean;
  location: string | null;
};

/** The address may never be delivered to (a blocked address, a scheme not allowed): retrying cannot help. */
export class DeliveryRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRefused';
  }
}

/** The delivery did not get an answer (no connection, a dropped one, a timeout): worth trying again. */
export class DeliveryNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryNetworkError';
  }
}

/** `t=<timestamp>,v1=<hex>`: HMAC-SHA256 under the signing secret of `<timestamp>.<body>`. */
function signatureHeader(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** Why `url` may not be delivered to under `policy` before anything is resolved, or null. */
function urlRefusal(url: string, policy: DeliveryPolicy): string | null {
  if (!URL.canParse(url)) return 'it is not a whole web address';
  const parsed = new URL(url);
  if (parsed.username || parsed.password) return 'a web address may not carry a user name or password';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && policy.allowLoopbackHttp) return null;
  return 'only https:// addresses are allowed';
}

/**
 * Resolves the host and refuses the connection unless every address it has is allowed; the address
 * returned is the one the socket connects to, so no second lookup can point elsewhere.
 */
function guardedLookup(policy: DeliveryPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const list = addresses as dns.LookupAddress[];
      for (const entry of list) {
        const reason = blockedAddressReason(entry.address, { loopback: policy.allowLoopbackHttp });
        if (reason) {
          callback(new DeliveryRefused(`${hostname} resolves to ${entry.address}, and ${reason}`), '', 0);
          return;
        }
      }
      const first = list[0];
      if (!first) {
        callback(new DeliveryNetworkError(`${hostname} has no address`), '', 0);
        return;
      }
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/**
 * Posts `request.body` to `request.url`: signed, with its idempotency key, no redirect followed, for
 * at most the policy's `timeoutSeconds`, the answer read up to 64 KB. Throws `DeliveryRefused` for an
 * address that is not allowed (checked for the literal host here and for every resolved address at
 * connect time) and `DeliveryNetworkError` when no answer came.
 */
export function deliver(request: DeliveryRequest, policy: DeliveryPolicy): Promise<DeliveryAnswer> {
  const refusal = urlRefusal(request.url, policy);
  if (refusal) return Promise.reject(new DeliveryRefused(`Cannot send to ${request.url}: ${refusal}.`));
  const url = new URL(request.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host)) {
    // A literal address is connected to without a lookup: checked here.
    const reason = blockedAddressReason(host, { loopback: policy.allowLoopbackHttp });
    if (reason) return Promise.reject(new DeliveryRefused(`Cannot send to ${request.url}: ${reason}.`));
  }
  const body = Buffer.from(request.body, 'utf8');
  const headers: Record<string, string> = {};
  for (const header of request.headers) headers[header.name] = header.value;
  Object.assign(headers, {
    'Content-Type': request.contentType,
    'Content-Length': String(body.length),
    'User-Agent': USER_AGENT,
    [WEB_ADDRESS_IDEMPOTENCY_HEADER]: request.idempotencyKey,
    [WEB_ADDRESS_SIGNATURE_HEADER]: signatureHeader(request.signingSecret, request.timestamp, request.body),
  });
  const transport = url.protocol === 'https:' ? https : http;
  const timeoutMs = policy.timeoutSeconds * 1000;
  const noAnswer = () =>
    new DeliveryNetworkError(
      `no answer within ${policy.timeoutSeconds} second${policy.timeoutSeconds === 1 ? '' : 's'}`,
    );
  return new Promise<DeliveryAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const req = transport.request(
      url,
      { method: 'POST', headers, lookup: guardedLookup(policy), agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        let length = 0;
        let cut = false;
        const done = () =>
          settle(() =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfterMs: retryAfterMs(res.headers['retry-after'], Date.now()),
              answer: Buffer.concat(chunks).toString('utf8'),
              cut,
              location: typeof res.headers.location === 'string' ? res.headers.location : null,
            }),
          );
        res.on('data', (chunk: Buffer) => {
          const room = ANSWER_READ_LIMIT - length;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room));
            length = ANSWER_READ_LIMIT;
            cut = chunk.length > room || cut;
            if (chunk.length > room) {
              // Enough read: the rest is not waited for.
              done();
              res.destroy();
            }
            return;
          }
          chunks.push(chunk);
          length += chunk.length;
        });
        res.on('end', done);
        res.on('error', (error) => settle(() => reject(networkError(error))));
        res.on('close', () => {
          if (!res.complete) settle(() => reject(new DeliveryNetworkError('the connection closed during the answer')));
        });
      },
    );
    const timer = setTimeout(() => req.destroy(noAnswer()), timeoutMs);
    req.on('timeout', () => req.destroy(noAnswer()));
    req.on('error', (error) => settle(() => reject(networkError(error))));
    req.end(body);
  });
}

function networkError(error: Error): Error {
  if (error instanceof DeliveryRefused || error instanceof DeliveryNetworkError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused',
    ECONNRESET: 'the connection was dropped',
    ENOTFOUND: 'the host name is not known',
    EAI_AGAIN: 'the host name could not be looked up',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host cannot be reached',
    CERT_HAS_EXPIRED: 'its certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  };
  return new DeliveryNetworkError((code && words[code]) || error.message);
}

/** `Retry-After` in seconds or as an HTTP date, as milliseconds from `nowMs`; null when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, nowMs: number): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
