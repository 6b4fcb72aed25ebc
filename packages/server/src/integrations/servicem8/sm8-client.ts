import { Sm8WebhookSubscription } from '@automate/contract';
import { z } from 'zod';
import { Sm8Error, type Sm8Http, type Sm8Request } from './sm8-http.ts';

/** One ServiceM8 account, as our production code talks to it (the simulator speaks the same HTTP). */
export type Sm8Client = ReturnType<typeof createSm8Client>;

export type Sm8ClientOptions = {
  http: Sm8Http;
  apiUrl: string;
  /** A valid access token, refreshed when needed. */
  accessToken(): Promise<string>;
  /** Waits for the account's shared rate limit before each attempt. */
  takeRateToken(): Promise<void>;
  /** ServiceM8 answered 429: holds back the account's shared rate limit (see `Sm8CallHooks`). */
  onThrottled?(retryAfterMs: number | null): Promise<void>;
};

const PAGE_LIMIT = 200;

/**
 * One attachment or note record lives at `dboattachment/{uuid}.json` and `dbonote/{uuid}.json` in
 * ServiceM8's API description; their lists and creates stay at `attachment.json` and `note.json`.
 * ServiceM8's own n8n node reads one at `attachment/{uuid}.json` instead, so an account that refuses
 * one spelling as an unknown object is asked with the other, and that spelling is kept for its address.
 */
const SINGLE_RECORD_PATHS: Readonly<Record<string, string>> = { attachment: 'dboattachment', note: 'dbonote' };

/** Per ServiceM8 API address: the record spelling that answered, when it was the plain one. */
const plainRecordSpelling = new Set<string>();

/** ServiceM8's answer to a path naming no object it knows: 400 "… is not an authorised object type". */
function isUnknownObject(error: unknown): boolean {
  return error instanceof Sm8Error && error.status === 400 && /is not an authorised object type/i.test(error.message);
}

/** A webhook subscription answer: ServiceM8 may answer 200 with `{"success": false, "message"}`. */
function requireSubscribed(what: string, response: { status: number; text: string }): void {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return;
  }
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== false) return;
  const message = (body as { message?: unknown }).message;
  throw new Sm8Error(
    `ServiceM8 did not subscribe ${what}: ${typeof message === 'string' && message ? message : 'it gave no reason'}`,
    response.status,
    false,
  );
}

export function createSm8Client(options: Sm8ClientOptions) {
  const send = async (request: Omit<Sm8Request, 'headers'> & { headers?: Record<string, string> }) => {
    const token = await options.accessToken();
    return options.http.send(
      { ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } },
      { beforeAttempt: options.takeRateToken, ...(options.onThrottled ? { onThrottled: options.onThrottled } : {}) },
    );
  };
  const objectUrl = (object: string, uuid?: string) => {
    if (!uuid) return `${options.apiUrl}/api_1.0/${object}.json`;
    const spelled = plainRecordSpelling.has(options.apiUrl) ? object : (SINGLE_RECORD_PATHS[object] ?? object);
    return `${options.apiUrl}/api_1.0/${spelled}/${encodeURIComponent(uuid)}.json`;
  };
  /** A request to one record; a note or attachment path refused as an unknown object is sent once more, spelled the other way. */
  const sendToRecord = async (object: string, uuid: string, request: Omit<Sm8Request, 'url'>) => {
    try {
      return await send({ ...request, url: objectUrl(object, uuid) });
    } catch (error) {
      if (!(object in SINGLE_RECORD_PATHS) || !isUnknownObject(error)) throw error;
      if (plainRecordSpelling.has(options.apiUrl)) plainRecordSpelling.delete(options.apiUrl);
      else plainRecordSpelling.add(options.apiUrl);
      return send({ ...request, url: objectUrl(object, uuid) });
    }
  };

  return {
    /** Every record of an object type (following `x-next-cursor`), each parsed with `schema`. */
    async list<T extends z.ZodType>(
      object: string,
      schema: T,
      query: { filter?: string } = {},
    ): Promise<z.output<T>[]> {
      const rows: z.output<T>[] = [];
      let cursor = '-1';
      for (let page = 0; page < PAGE_LIMIT; page++) {
        const url = new URL(objectUrl(object));
        url.searchParams.set('cursor', cursor);
        if (query.filter) url.searchParams.set('$filter', query.filter);
        const response = await send({ method: 'GET', url: url.toString() });
        rows.push(...z.array(schema).parse(JSON.parse(response.text)));
        const next = response.headers.get('x-next-cursor');
        if (!next) return rows;
        cursor = next;
      }
      throw new Sm8Error(`Listing ${object} did not finish after ${PAGE_LIMIT} pages.`, 0, false);
    },

    /** One record, or null when ServiceM8 answers 404. */
    async get<T extends z.ZodType>(object: string, uuid: string, schema: T): Promise<z.output<T> | null> {
      try {
        const response = await sendToRecord(object, uuid, { method: 'GET' });
        return schema.parse(JSON.parse(response.text));
      } catch (error) {
        if (error instanceof Sm8Error && error.status === 404) return null;
        throw error;
      }
    },

    /** Creates a record; resolves with its uuid (from `x-record-uuid`, or the one we supplied). */
    async create(object: string, fields: Record<string, unknown>): Promise<string> {
      const response = await send({ method: 'POST', url: objectUrl(object), json: fields });
      const uuid = response.headers.get('x-record-uuid') ?? (typeof fields.uuid === 'string' ? fields.uuid : null);
      if (!uuid) throw new Sm8Error(`ServiceM8 did not say which ${object} it created.`, response.status, false);
      return uuid;
    },

    /** Changes only the given fields. */
    async update(object: string, uuid: string, fields: Record<string, unknown>): Promise<void> {
      await sendToRecord(object, uuid, { method: 'POST', json: fields });
    },

    /** Uploads (or replaces) the bytes of an attachment record. */
    async uploadAttachmentFile(uuid: string, file: { bytes: Uint8Array; contentType: string }): Promise<void> {
      await send({
        method: 'POST',
        url: `${options.apiUrl}/api_1.0/attachment/${encodeURIComponent(uuid)}.file`,
        raw: { body: file.bytes, contentType: file.contentType },
      });
    },

    async listWebhookSubscriptions(): Promise<Sm8WebhookSubscription[]> {
      const response = await send({ method: 'GET', url: `${options.apiUrl}/webhook_subscriptions?status=all` });
      const body: unknown = JSON.parse(response.text);
      const list = Array.isArray(body) ? body : ((body as { data?: unknown }).data ?? []);
      return z.array(Sm8WebhookSubscription).parse(list);
    },

    /** Adds or replaces the field webhook for an object (one callback per object per app and account). */
    async subscribeObject(object: string, fields: readonly string[], callbackUrl: string): Promise<void> {
      const response = await send({
        method: 'POST',
        url: `${options.apiUrl}/webhook_subscriptions/object`,
        form: { object, fields: fields.join(','), callback_url: callbackUrl },
      });
      requireSubscribed(`the ${object} webhook`, response);
    },

    async subscribeEvent(event: string, callbackUrl: string): Promise<void> {
      const response = await send({
        method: 'POST',
        url: `${options.apiUrl}/webhook_subscriptions/event`,
        form: { event, callback_url: callbackUrl },
      });
      requireSubscribed(`the ${event} event`, response);
    },

    async sendEmail(message: {
      to: string;
      subject: string;
      htmlBody?: string;
      textBody?: string;
      regardingJobUUID?: string;
      attachments?: string[];
    }): Promise<void> {
      await send({ method: 'POST', url: `${options.apiUrl}/platform_service_email`, json: message });
    },

    async sendSms(message: { to: string; message: string; regardingJobUUID?: string }): Promise<void> {
      await send({ method: 'POST', url: `${options.apiUrl}/platform_service_sms`, json: message });
    },
  };
}
