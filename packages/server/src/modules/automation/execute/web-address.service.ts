import { randomBytes } from 'node:crypto';
import {
  type SigningSecret,
  WEB_ADDRESS_DAILY_LIMIT,
  type WebAddressParams,
  type WebAddressSettings,
  type WebAddressTestResult,
  webAddressHost,
} from '@automate/contract';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import {
  ActionProblem,
  type PlannedDelivery,
  TryAgainLater,
  type WebAddressEnv,
} from '../../../engine/actions/action-executor.ts';
import { ANSWER_IN_LOG_BYTES, answerOutcome } from '../../../engine/actions/web-address-actions.ts';
import type { Caller } from '../../../http/access.ts';
import { notFound } from '../../../http/app-error.ts';
import {
  type DeliveryAnswer,
  DeliveryNetworkError,
  type DeliveryPolicy,
  DeliveryRefused,
  deliver,
} from '../../../integrations/web-address/web-delivery.ts';
import { decryptSecret, encryptSecret } from '../../../security/encryption.ts';
import { openValue } from '../../../security/sealed-values.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { limitSentence, planLimitsOf } from '../../billing/checkout.service.ts';
import { findVendor } from '../../vendors/vendors.service.ts';
import {
  countWebAddressDeliveriesSince,
  findWebAddressSecret,
  insertWebAddressSecret,
  replaceWebAddressSecret,
} from './web-address.repository.ts';

/**
 * Sending to web addresses: each vendor's signing secret (created on first need, shown only when an
 * Admin creates or rotates it), the daily limit, the delivery a run's step makes, and "Send a test".
 */

const SECRET_PREFIX = 'atm_whsec_';

function deliveryPolicy(deps: Pick<Deps, 'config'>): DeliveryPolicy {
  return {
    allowLoopbackHttp: deps.config.webAddressTestLoopback,
    timeoutSeconds: deps.config.webAddressTimeoutSeconds,
  };
}

/** The vendor's signing secret, created (and kept) when it has none. */
async function signingSecretOf(deps: Deps, vendorId: string): Promise<string> {
  const key = deps.keys.storageEncryptionKey;
  const stored =
    (await findWebAddressSecret(deps.database.db, vendorId)) ??
    (await insertWebAddressSecret(deps.database.db, {
      vendorId,
      secretEnc: encryptSecret(key, newSecret()),
      createdAt: deps.clock.now(),
    }));
  return decryptSecret(key, stored.secretEnc);
}

const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A new signing secret replacing the vendor's (deliveries from now on are signed with it), shown this once. */
export async function rotateSigningSecret(deps: Deps, caller: Caller, vendorId: string): Promise<SigningSecret> {
  const secret = newSecret();
  const createdAt = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const had = await findWebAddressSecret(tx, vendorId);
    await replaceWebAddressSecret(tx, {
      vendorId,
      secretEnc: encryptSecret(deps.keys.storageEncryptionKey, secret),
      createdAt,
    });
    await recordAudit(tx, caller, createdAt, {
      action: 'web-address.secret',
      summary: had
        ? 'Rotated the signing secret for web addresses: deliveries are signed with the new one from now on.'
        : 'Created the signing secret for web addresses.',
      vendorId,
    });
  });
  return { secret, createdAt: createdAt.toISOString() };
}

/** When the vendor's day began, in its time zone. */
async function startOfVendorDay(deps: Deps, vendorId: string): Promise<Date> {
  const vendor = await findVendor(deps.database.db, vendorId);
  if (!vendor) throw notFound('Business');
  return DateTime.fromJSDate(deps.clock.now()).setZone(vendor.timeZone).startOf('day').toJSDate();
}

async function sentToday(deps: Deps, vendorId: string): Promise<number> {
  return countWebAddressDeliveriesSince(deps.database.db, vendorId, await startOfVendorDay(deps, vendorId));
}

/**
 * The vendor's daily limit and the sentence a delivery past it gives: its plan's limit, or
 * `WEB_ADDRESS_DAILY_LIMIT` for a vendor without a plan (never billed).
 */
async function dailyAllowance(
  deps: Deps,
  vendorId: string,
): Promise<{ limit: number; planName: string | null; usedUp: string }> {
  const planLimit = await planLimitsOf(deps.database.db, vendorId, deps.clock.now());
  if (!planLimit) {
    return {
      limit: WEB_ADDRESS_DAILY_LIMIT,
      planName: null,
      usedUp: `Your business has made its ${WEB_ADDRESS_DAILY_LIMIT.toLocaleString('en-NZ')} deliveries to web addresses for today, so this one was not sent; the count starts again at midnight.`,
    };
  }
  const { plan } = planLimit;
  return {
    limit: plan.maxWebAddressDeliveriesPerDay,
    planName: plan.name,
    usedUp: `${limitSentence(plan, 'webAddressDeliveriesPerDay')}, and today's are used up, so this one was not sent; the count starts again at midnight. Change plan to send more.`,
  };
}

export async function webAddressSettings(deps: Deps, vendorId: string): Promise<WebAddressSettings> {
  const secret = await findWebAddressSecret(deps.database.db, vendorId);
  const allowance = await dailyAllowance(deps, vendorId);
  return {
    signingSecretCreatedAt: secret ? secret.createdAt.toISOString() : null,
    sentToday: await sentToday(deps, vendorId),
    dailyLimit: allowance.limit,
    planName: allowance.planName,
  };
}

/** Posts a planned delivery for the vendor: header values opened, signed with its secret. */
async function sendFor(deps: Deps, vendorId: string, delivery: PlannedDelivery): Promise<DeliveryAnswer> {
  const key = deps.keys.storageEncryptionKey;
  const headers = delivery.headers.map((header) => {
    const value = openValue(key, vendorId, header.value);
    if (value === null) {
      throw new ActionProblem(
        `The value of the header ${header.name} cannot be read (it was kept secret elsewhere): write it again in the automation.`,
      );
    }
    return { name: header.name, value };
  });
  return deliver(
    {
      url: delivery.url,
      body: delivery.body,
      contentType: delivery.contentType,
      headers,
      idempotencyKey: delivery.idempotencyKey,
      signingSecret: await signingSecretOf(deps, vendorId),
      timestamp: Math.floor(deps.clock.now().getTime() / 1000),
    },
    deliveryPolicy(deps),
  );
}

/** What a run's actions use to send to web addresses. */
export function webAddressEnv(deps: Deps, run: { id: string; vendorId: string; event: string }): WebAddressEnv {
  return {
    async about() {
      const vendor = await findVendor(deps.database.db, run.vendorId);
      return { runId: run.id, event: run.event, business: { id: run.vendorId, name: vendor?.name ?? '' } };
    },
    async roomToday() {
      const { limit, usedUp } = await dailyAllowance(deps, run.vendorId);
      return { left: limit - (await sentToday(deps, run.vendorId)), usedUp };
    },
    send: (delivery) => sendFor(deps, run.vendorId, delivery),
  };
}

/** A sample body, as a JobCompleted run of job 1042 would send it. */
function sampleBody(vendorId: string, business: string, idempotencyKey: string): string {
  return JSON.stringify({
    event: 'JobCompleted',
    runId: idempotencyKey,
    business: { id: vendorId, name: business },
    records: {
      job: { uuid: '00000000-0000-4000-8000-000000001042', generated_job_id: '1042', status: 'Completed' },
      client: { uuid: '00000000-0000-4000-8000-000000000007', name: 'Sample Client Ltd' },
    },
    values: { 'job.number': '1042', 'job.status': 'Completed', 'client.name': 'Sample Client Ltd' },
    test: true,
  });
}

/**
 * "Send a test": posts a sample (the record body of a sample job, or the written body as it is) to the
 * address with the headers and the signature a run would send, and says what came back. Header values
 * may be as typed or as stored (sealed for this vendor).
 */
export async function sendTestDelivery(
  deps: Deps,
  vendorId: string,
  params: z.output<typeof WebAddressParams>,
): Promise<WebAddressTestResult> {
  const vendor = await findVendor(deps.database.db, vendorId);
  if (!vendor) throw notFound('Business');
  const key = deps.keys.storageEncryptionKey;
  const idempotencyKey = crypto.randomUUID();
  const body = params.bodyMode === 'template' ? params.body : sampleBody(vendorId, vendor.name, idempotencyKey);
  const host = webAddressHost(params.url);
  let answer: DeliveryAnswer;
  try {
    answer = await deliver(
      {
        url: params.url,
        body,
        contentType: params.bodyMode === 'template' ? 'text/plain; charset=utf-8' : 'application/json',
        headers: params.headers.map((header) => ({
          name: header.name,
          value: openValue(key, vendorId, header.value) ?? header.value,
        })),
        idempotencyKey,
        signingSecret: await signingSecretOf(deps, vendorId),
        timestamp: Math.floor(deps.clock.now().getTime() / 1000),
      },
      deliveryPolicy(deps),
    );
  } catch (error) {
    if (error instanceof DeliveryRefused) return { status: null, answer: '', outcome: error.message, ok: false };
    if (error instanceof DeliveryNetworkError) {
      return { status: null, answer: '', outcome: `${host} did not answer: ${error.message}.`, ok: false };
    }
    throw error;
  }
  const shown = Buffer.from(answer.answer, 'utf8').subarray(0, ANSWER_IN_LOG_BYTES).toString('utf8');
  try {
    return { status: answer.status, answer: shown, outcome: answerOutcome(answer, host), ok: true };
  } catch (error) {
    if (error instanceof ActionProblem || error instanceof TryAgainLater) {
      const retried = error instanceof TryAgainLater ? ' A run would try again later, for up to 24 hours.' : '';
      return { status: answer.status, answer: shown, outcome: `${error.message}${retried}`, ok: false };
    }
    throw error;
  }
}
