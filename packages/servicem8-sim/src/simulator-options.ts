import { type AssumptionChoices, assumptionsFromEnvironment, defaultAssumptions } from './assumptions.ts';
import type { FaultInput } from './control/fault-rules.ts';
import type { SeedData, SeedPreset } from './seed/seed-data.ts';
import { DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from './throttle/throttle.ts';
import type { Clock } from './time/sim-clock.ts';

/** Demo credentials; `main.ts` reads SM8_APP_ID / SM8_APP_SECRET and falls back to these. */
export const DEFAULT_APP_ID = 'automate-demo';
export const DEFAULT_APP_SECRET = 'automate-demo-app-secret';
export const DEFAULT_API_KEY = 'smk-sim-demo-api-key';
export const DEFAULT_BASIC_PASSWORD = 'demo-password';

type AppRegistration = { appId: string; appSecret: string; name?: string; redirectHosts?: string[] };

export type SimulatorOptions = {
  /** `demo` (default), `empty` (account + owner), or your own records. */
  seed?: SeedPreset | SeedData;
  /** Faults active from the start (see POST /__sim/faults). */
  faults?: FaultInput[];
  /**
   * Seeds the draws of faults that strike with a `probability`: the same calls fail on every run (by
   * their order), so a test's share of failed calls does not vary from run to run. Default: unseeded.
   */
  faultSeed?: number;
  /** Base clock (e.g. the server's test clock); the simulator adds its own movable offset. */
  clock?: Clock;
  /** The OAuth app ("App ID" / "App Secret" of a ServiceM8 store item). */
  appId?: string;
  appSecret?: string;
  appName?: string;
  /** Hosts a redirect_uri may use for that app; default any. */
  redirectHosts?: string[];
  /** More OAuth apps (e.g. a second product) on the same account. */
  extraApps?: AppRegistration[];
  /** The private-integration API key (X-API-Key); null disables API keys. */
  apiKey?: string | null;
  /** Password that, with any staff email, passes legacy Basic auth; null disables Basic auth. */
  basicAuthPassword?: string | null;
  /** Base URL used in webhook `resource_url`s and file redirects; default: the address `listen()` bound. */
  publicUrl?: string;
  /** Records per page with `cursor` (5,000). */
  pageSize?: number;
  throttle?: Partial<ThrottleLimits> & {
    /** `text` (the docs, default) or `json` (the spec's `{errorCode,message}` wrapping). */
    body?: 'text' | 'json';
    /** Send `Retry-After` on 429 (not in the sources; default false). */
    retryAfter?: boolean;
  };
  oauth?: {
    /** Skip the consent page: /oauth/authorize redirects with a code at once, for this staff member (default the owner). */
    autoApprove?: boolean;
    autoApproveStaffUuid?: string;
    accessTokenTtlSeconds?: number;
    codeTtlSeconds?: number;
    refreshTokenTtlSeconds?: number | null;
  };
  webhooks?: {
    timeoutMs?: number;
    /** Overrides the `failuresBeforeDeactivation` assumption with any number. */
    maxConsecutiveFailures?: number;
    /** API-key callers' subscriptions skip the challenge unless this is true (uncertain). */
    challengeApiKeyCallers?: boolean;
  };
  filters?: {
    /** What an unreadable `$filter` does: `ignore` (the real API: every record) or `reject` (400). */
    onInvalid?: 'ignore' | 'reject';
  };
  attachments?: {
    /** GET `.file`: `redirect` (302 to a storage URL, like S3) or `bytes`. */
    download?: 'redirect' | 'bytes';
  };
  /** Add-on invocations wait this long for the add-on's answer. */
  addonTimeoutMs?: number;
  /** Fastify request logging. */
  logger?: boolean;
  /**
   * Which reading of each undocumented ServiceM8 behaviour to act out (see assumptions.ts). Readings
   * named in `SM8_SIM_ASSUMPTIONS` apply under these: what a test names itself wins.
   */
  assumptions?: Partial<AssumptionChoices>;
};

export type ResolvedOptions = {
  seed: SeedPreset | SeedData;
  apps: Array<Required<AppRegistration>>;
  apiKey: string | null;
  basicAuthPassword: string | null;
  publicUrl: string | undefined;
  faultSeed: number | undefined;
  pageSize: number;
  throttle: ThrottleLimits & { body: 'text' | 'json'; retryAfter: boolean };
  oauth: {
    autoApprove: boolean;
    autoApproveStaffUuid: string | undefined;
    accessTokenTtlSeconds: number;
    codeTtlSeconds: number;
    refreshTokenTtlSeconds: number | null;
  };
  webhooks: {
    timeoutMs: number;
    maxConsecutiveFailures: number;
    challengeApiKeyCallers: boolean;
  };
  filters: { onInvalid: 'ignore' | 'reject' };
  attachments: { download: 'redirect' | 'bytes' };
  addonTimeoutMs: number;
  logger: boolean;
  /** Changed at run time through POST /__sim/assumptions. */
  assumptions: AssumptionChoices;
};

export function resolveOptions(options: SimulatorOptions): ResolvedOptions {
  const mainApp = {
    appId: options.appId ?? DEFAULT_APP_ID,
    appSecret: options.appSecret ?? DEFAULT_APP_SECRET,
    name: options.appName ?? 'Automate',
    redirectHosts: options.redirectHosts ?? [],
  };
  const assumptions = {
    ...defaultAssumptions(),
    ...assumptionsFromEnvironment(process.env.SM8_SIM_ASSUMPTIONS),
    ...options.assumptions,
  };
  return {
    seed: options.seed ?? 'demo',
    apps: [
      mainApp,
      ...(options.extraApps ?? []).map((app) => ({
        appId: app.appId,
        appSecret: app.appSecret,
        name: app.name ?? app.appId,
        redirectHosts: app.redirectHosts ?? [],
      })),
    ],
    apiKey: options.apiKey === undefined ? DEFAULT_API_KEY : options.apiKey,
    basicAuthPassword: options.basicAuthPassword === undefined ? DEFAULT_BASIC_PASSWORD : options.basicAuthPassword,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    faultSeed: options.faultSeed,
    pageSize: options.pageSize ?? 5000,
    throttle: {
      perMinute: options.throttle?.perMinute ?? DEFAULT_THROTTLE_LIMITS.perMinute,
      perDay: options.throttle?.perDay ?? DEFAULT_THROTTLE_LIMITS.perDay,
      body: options.throttle?.body ?? 'text',
      retryAfter: options.throttle?.retryAfter ?? false,
    },
    oauth: {
      autoApprove: options.oauth?.autoApprove ?? false,
      autoApproveStaffUuid: options.oauth?.autoApproveStaffUuid,
      accessTokenTtlSeconds: options.oauth?.accessTokenTtlSeconds ?? 3600,
      codeTtlSeconds: options.oauth?.codeTtlSeconds ?? 600,
      refreshTokenTtlSeconds: options.oauth?.refreshTokenTtlSeconds ?? null,
    },
    webhooks: {
      timeoutMs: options.webhooks?.timeoutMs ?? 10_000,
      maxConsecutiveFailures:
        options.webhooks?.maxConsecutiveFailures ?? Number(assumptions.failuresBeforeDeactivation),
      challengeApiKeyCallers: options.webhooks?.challengeApiKeyCallers ?? false,
    },
    filters: { onInvalid: options.filters?.onInvalid ?? 'ignore' },
    attachments: { download: options.attachments?.download ?? 'redirect' },
    addonTimeoutMs: options.addonTimeoutMs ?? 10_000,
    logger: options.logger ?? false,
    assumptions,
  };
}
