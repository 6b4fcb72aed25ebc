import {
  type AddonEvent,
  type AddonInvocation,
  buildAddonEvent,
  invokeAddon,
  signAddonEvent,
} from '../addon/addon-events.ts';
import { ASSUMPTIONS, type AssumptionChoices } from '../assumptions.ts';
import { isKnownScope, SCOPES } from '../auth/scopes.ts';
import { restError } from '../http/sm8-error.ts';
import type { SentMessage } from '../messaging/message-log.ts';
import { tokenResponse } from '../oauth/oauth.routes.ts';
import { findObjectType, type ObjectName } from '../objects/object-types.ts';
import {
  accountTimeZone,
  createRecord,
  deleteRecord,
  updateRecord,
  type WriteResult,
} from '../objects/record.service.ts';
import type { SimRecord } from '../objects/record-store.ts';
import { loadSeed, resolveSeed } from '../seed/load-seed.ts';
import type { SeedData, SeedPreset } from '../seed/seed-data.ts';
import { accountUuidOf, type SimContext } from '../sim-context.ts';
import type { ThrottleLimits } from '../throttle/throttle.ts';
import { formatDateTimeIn } from '../time/account-time.ts';
import type { DeliveryRecord } from '../webhooks/webhook-dispatcher.ts';
import type { EventName } from '../webhooks/webhook-events.ts';
import type { CallQuery, CallRecord } from './call-log.ts';
import type { FaultInput, FaultRule } from './fault-rules.ts';

export type SimInfo = {
  baseUrl: string;
  apiBaseUrl: string;
  oauthBaseUrl: string;
  accountUuid: string;
  accountName: string;
  timeZone: string;
  appId: string;
  appSecret: string;
  apiKey: string | null;
  basicAuthPassword: string | null;
  staff: Array<{ uuid: string; name: string; email: string }>;
};

export type ClockState = { now: string; local: string; timeZone: string; offsetMs: number };

export type TokenRequest = {
  scopes?: string[] | string;
  staffUuid?: string;
  appId?: string;
  expiresInSeconds?: number;
};

type AddonEventRequest = {
  eventName: string;
  eventArgs?: Record<string, unknown>;
  staffUuid?: string;
  /** Include `auth.accessToken` (a fresh 900 s token with every scope). Default true. */
  withAccessToken?: boolean;
  appId?: string;
};

/** Test and demo controls; the /__sim routes are a thin HTTP layer over these. */
export type SimControls = {
  info(): SimInfo;
  /** Back to the starting data; clears calls, messages, deliveries, faults (initial ones return) and the throttle. */
  reset(options?: { keepConnections?: boolean }): void;
  /** Loads a preset (replacing all data) and/or upserts records. No webhooks fire. */
  seed(input: { preset?: SeedPreset; records?: SeedData['records']; files?: SeedData['files'] }): void;
  records(object: string): SimRecord[];
  /** Writes as a ServiceM8 user would in the app: rules apply and webhooks fire. */
  writeRecord(
    object: string,
    uuid: string | undefined,
    fields: Record<string, unknown>,
    staffUuid?: string,
  ): WriteResult;
  removeRecord(object: string, uuid: string, staffUuid?: string): WriteResult;
  addFault(input: FaultInput): FaultRule;
  faults(): FaultRule[];
  removeFault(id: string): boolean;
  clearFaults(): void;
  calls(query?: CallQuery): CallRecord[];
  clearCalls(): void;
  messages(channel?: 'sms' | 'email'): SentMessage[];
  clearMessages(): void;
  subscriptions(): ReturnType<SimContext['subscriptions']['list']>;
  deliveries(): DeliveryRecord[];
  clearDeliveries(): void;
  /** Resolves when every queued webhook delivery has finished. */
  webhooksIdle(): Promise<void>;
  raiseEvent(type: EventName, data: Record<string, unknown>): void;
  clock(): ClockState;
  advanceClock(ms: number): ClockState;
  setClock(at: Date): ClockState;
  throttle(): ThrottleLimits & { usage: Record<string, { minute: number; day: number }> };
  setThrottle(limits: Partial<ThrottleLimits>, options?: { resetCounters?: boolean }): void;
  setOAuth(settings: { autoApprove?: boolean; staffUuid?: string }): {
    autoApprove: boolean;
    staffUuid: string | undefined;
  };
  /** Issues tokens without the browser dance (same as a completed consent). */
  issueToken(request?: TokenRequest): ReturnType<typeof tokenResponse>;
  /** Expires one access token (or all): the next call with it gets 401. */
  expireAccessTokens(token?: string): number;
  /** The reading of each undocumented behaviour in force, with every alternative and its source. */
  assumptions(): { current: AssumptionChoices; registry: typeof ASSUMPTIONS };
  /** Switches readings (e.g. `{ oauthStateEcho: 'omit' }`); `reset` does not undo this. */
  setAssumptions(
    choices: Partial<AssumptionChoices> | Partial<Record<keyof AssumptionChoices, string>>,
  ): AssumptionChoices;
  mintAddonEvent(request: AddonEventRequest): Promise<{ jwt: string; payload: AddonEvent }>;
  invokeAddon(request: AddonEventRequest & { url: string }): Promise<AddonInvocation & { jwt: string }>;
};

function objectOrThrow(name: string) {
  const type = findObjectType(name);
  if (!type) throw restError(400, `${name} is not an authorised object type`);
  return type;
}

export function createSimControls(context: SimContext, initialFaults: FaultInput[]): SimControls {
  const ownerUuid = () => context.store.list('staff').find((member) => member.active === 1)?.uuid ?? '';
  const staffOrOwner = (staffUuid: string | undefined) => {
    if (staffUuid === undefined) return ownerUuid();
    if (!context.store.get('staff', staffUuid)) throw restError(400, `No staff member with uuid ${staffUuid}`);
    return staffUuid;
  };
  const appOrMain = (appId: string | undefined) => {
    const app = context.oauth.apps.get(appId ?? context.options.apps[0]?.appId ?? '');
    if (!app) throw restError(400, `Unknown app ${appId}`);
    return app;
  };
  const clockState = (): ClockState => {
    const now = context.clock.now();
    const timeZone = accountTimeZone(context.store);
    return {
      now: now.toISOString(),
      local: formatDateTimeIn(now, timeZone),
      timeZone,
      offsetMs: context.clock.offsetMs(),
    };
  };
  const issue = (request: TokenRequest = {}) => {
    const app = appOrMain(request.appId);
    const requested = typeof request.scopes === 'string' ? request.scopes.split(/\s+/).filter(Boolean) : request.scopes;
    const scopes = requested ?? [...SCOPES];
    const unknown = scopes.filter((scope) => !isKnownScope(scope));
    if (unknown.length > 0) throw restError(400, `Unknown scope: ${unknown.join(' ')}`);
    const nowMs = context.clock.now().getTime();
    const tokens = context.oauth.issueTokens(
      { appId: app.appId, accountUuid: accountUuidOf(context), staffUuid: staffOrOwner(request.staffUuid), scopes },
      nowMs,
      request.expiresInSeconds,
    );
    return tokenResponse(tokens, nowMs);
  };
  const mint = async (request: AddonEventRequest) => {
    const app = appOrMain(request.appId);
    const staffUuid = staffOrOwner(request.staffUuid);
    const accessToken =
      request.withAccessToken === false
        ? undefined
        : { token: issue({ appId: app.appId, staffUuid, expiresInSeconds: 900 }).access_token, expiresInSeconds: 900 };
    const payload = buildAddonEvent({
      eventName: request.eventName,
      eventArgs: request.eventArgs ?? {},
      accountUuid: accountUuidOf(context),
      staffUuid,
      accessToken,
    });
    return { jwt: await signAddonEvent(payload, app.appSecret, context.clock.now()), payload };
  };

  const controls: SimControls = {
    info: () => {
      const vendor = context.store.list('vendor')[0];
      const app = context.options.apps[0];
      return {
        baseUrl: context.baseUrl(),
        apiBaseUrl: `${context.baseUrl()}/api_1.0`,
        oauthBaseUrl: context.baseUrl(),
        accountUuid: vendor?.uuid ?? '',
        accountName: String(vendor?.name ?? ''),
        timeZone: accountTimeZone(context.store),
        appId: app?.appId ?? '',
        appSecret: app?.appSecret ?? '',
        apiKey: context.options.apiKey,
        basicAuthPassword: context.options.basicAuthPassword,
        staff: context.store.list('staff').map((member) => ({
          uuid: member.uuid,
          name: `${member.first} ${member.last}`.trim(),
          email: String(member.email),
        })),
      };
    },
    reset: (options = {}) => {
      context.store.clear();
      loadSeed(context.store, resolveSeed(context.options.seed, context.clock.now()), context.clock.now());
      context.calls.clear();
      context.messages.clear();
      context.dispatcher.clearDeliveries();
      context.faults.clear();
      for (const fault of initialFaults) context.faults.add(fault);
      context.throttle.reset();
      if (!options.keepConnections) {
        context.oauth.clearTokens();
        context.subscriptions.clear();
      }
    },
    seed: (input) => {
      if (input.preset) {
        context.store.clear();
        loadSeed(context.store, resolveSeed(input.preset, context.clock.now()), context.clock.now());
      }
      if (input.records || input.files) {
        loadSeed(context.store, { records: input.records ?? {}, files: input.files ?? [] }, context.clock.now());
      }
    },
    records: (object) => context.store.list(objectOrThrow(object).name as ObjectName),
    writeRecord: (object, uuid, fields, staffUuid) => {
      const type = objectOrThrow(object);
      const actor = { staffUuid: staffOrOwner(staffUuid) };
      return uuid ? updateRecord(context, type, uuid, fields, actor) : createRecord(context, type, fields, actor);
    },
    removeRecord: (object, uuid, staffUuid) =>
      deleteRecord(context, objectOrThrow(object), uuid, { staffUuid: staffOrOwner(staffUuid) }),
    addFault: (input) => context.faults.add(input),
    faults: () => context.faults.list(),
    removeFault: (id) => context.faults.remove(id),
    clearFaults: () => context.faults.clear(),
    calls: (query) => context.calls.list(query),
    clearCalls: () => context.calls.clear(),
    messages: (channel) => context.messages.list(channel),
    clearMessages: () => context.messages.clear(),
    subscriptions: () => context.subscriptions.list(),
    deliveries: () => context.dispatcher.deliveries(),
    clearDeliveries: () => context.dispatcher.clearDeliveries(),
    webhooksIdle: () => context.dispatcher.idle(),
    raiseEvent: (type, data) => context.dispatcher.raiseEvent(type, data),
    clock: clockState,
    advanceClock: (ms) => {
      context.clock.advance(ms);
      return clockState();
    },
    setClock: (at) => {
      context.clock.set(at);
      return clockState();
    },
    throttle: () => {
      const nowMs = context.clock.now().getTime();
      const keys = new Set(context.calls.list().map((call) => `${call.appId}:${call.accountUuid}`));
      const usage: Record<string, { minute: number; day: number }> = {};
      for (const key of keys) if (!key.startsWith('null')) usage[key] = context.throttle.usage(key, nowMs);
      return { ...context.throttle.limits(), usage };
    },
    setThrottle: (limits, options = {}) => {
      context.throttle.setLimits(limits);
      if (options.resetCounters) context.throttle.reset();
    },
    assumptions: () => ({ current: { ...context.options.assumptions }, registry: ASSUMPTIONS }),
    setAssumptions: (choices) => {
      for (const [name, choice] of Object.entries(choices)) {
        const definition = ASSUMPTIONS[name as keyof AssumptionChoices];
        if (!definition) throw restError(400, `Unknown assumption ${name}`);
        if (choice === undefined) continue;
        if (!(choice in definition.choices)) {
          throw restError(400, `${name} can be ${Object.keys(definition.choices).join(', ')}; not ${choice}`);
        }
      }
      Object.assign(context.options.assumptions, choices);
      if (choices.failuresBeforeDeactivation !== undefined) {
        context.options.webhooks.maxConsecutiveFailures = Number(choices.failuresBeforeDeactivation);
      }
      return { ...context.options.assumptions };
    },
    setOAuth: (settings) => {
      if (settings.autoApprove !== undefined) context.options.oauth.autoApprove = settings.autoApprove;
      if (settings.staffUuid !== undefined)
        context.options.oauth.autoApproveStaffUuid = staffOrOwner(settings.staffUuid);
      return { autoApprove: context.options.oauth.autoApprove, staffUuid: context.options.oauth.autoApproveStaffUuid };
    },
    issueToken: issue,
    expireAccessTokens: (token) => context.oauth.expireAccessTokens(context.clock.now().getTime(), token),
    mintAddonEvent: mint,
    invokeAddon: async (request) => {
      const { jwt } = await mint(request);
      // Read at call time: POST /__sim/assumptions may have changed it since the simulator started.
      const method = context.options.assumptions.addonCallbackMethod;
      return { jwt, ...(await invokeAddon(request.url, jwt, { timeoutMs: context.options.addonTimeoutMs, method })) };
    },
  };

  return controls;
}
