import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What the automations read and change in ServiceM8. */
const DEFAULT_SM8_SCOPES = [
  'vendor',
  'read_staff',
  'read_customers',
  'manage_customers',
  'read_customer_contacts',
  'read_jobs',
  'manage_jobs',
  'create_jobs',
  'read_job_contacts',
  'read_job_materials',
  'manage_job_materials',
  'read_job_categories',
  'manage_job_queues',
  'read_schedule',
  'read_inventory',
  'read_job_notes',
  'publish_job_notes',
  'read_attachments',
  'manage_attachments',
  'manage_badges',
  'read_forms',
  'read_job_payments',
  'publish_sms',
  'publish_email',
  // To check whether a message went out before a crash, so it is never sent twice.
  'read_sms',
  'read_email',
] as const;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  PUBLIC_URL: z.url('must be an absolute URL such as https://automate.example.com').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_SECRET_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Automate <no-reply@automate.local>'),
  DEMO_MODE: z.enum(['true', 'false'], 'must be true or false').optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) => /^\d+$/.test(value) || value.split(',').every((entry) => isIP(entry.trim().split('/')[0] ?? '') !== 0),
      'must be a number of proxy hops, or the proxies’ addresses or CIDR ranges separated by commas',
    )
    .optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  FEEDBACK_FORM_URL: z.url('must be an absolute https:// URL of the feedback form').optional(),
  SUPPORT_EMAIL: z.email('must be an email address').default('support@automate.local'),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must start with sk_ (or rk_ for a restricted key)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must start with whsec_ (the signing secret of the webhook endpoint)')
    .optional(),
  STRIPE_API_URL: z.url('must be an absolute URL').default('https://api.stripe.com'),
  STRIPE_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SM8_APP_ID: z.string().min(1).optional(),
  SM8_APP_SECRET: z.string().min(8, 'must be the App Secret of the ServiceM8 app').optional(),
  SM8_API_URL: z.url('must be an absolute URL').default('https://api.servicem8.com'),
  SM8_OAUTH_URL: z.url('must be an absolute URL').default('https://go.servicem8.com'),
  SM8_SCOPES: z.string().min(1).default(DEFAULT_SM8_SCOPES.join(' ')),
  SM8_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(180),
  SM8_RATE_PER_DAY: z.coerce.number().int().min(1).default(20_000),
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5, 'must be at least 0.5').max(60).default(2),
  QUEUE_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  QUEUE_VENDOR_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 24`)').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url('must be an absolute URL such as http://collector:4318').optional(),
  WEB_ADDRESS_TEST_LOOPBACK: z.enum(['true', 'false'], 'must be true or false').default('false'),
  WEB_ADDRESS_TIMEOUT_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(1, 'must be from 1 to 60 seconds')
    .max(60, 'must be from 1 to 60 seconds')
    .default(10),
});

export type Config = {
  port: number;
  host: string;
  /** Absolute path holding the embedded database and uploaded files. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database when set. */
  databaseUrl: string | undefined;
  /** Where users reach the app; links in emails and OAuth callbacks start with it. */
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: 'development' | 'production' | 'test';
  /** Signs sessions and encrypts stored secrets; generated into DATA_DIR when unset outside production. */
  appSecretKey: string | undefined;
  sessionTtlHours: number;
  /** The first super admin, created on first start. */
  admin: { email: string | undefined; password: string | undefined };
  /** Without it, mail is kept in the outbox only (and logged). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seeds a demo vendor with users; on by default outside production. */
  demoMode: boolean;
  authRateLimitPerMinute: number;
  /**
   * Which proxies' `X-Forwarded-For` to believe for the client's address (rate limits count per address):
   * none (false), the nearest N hops, or the listed addresses/CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** How long a client may take to send a whole request (headers and body) before it is answered 408. */
  requestTimeoutSeconds: number;
  /** Embedded by the feedback dialog; unset, the dialog offers the built-in form (stored for super admins). */
  feedbackFormUrl: string | undefined;
  supportEmail: string;
  stripePublishableKey: string | undefined;
  stripe: {
    /** Without it, billing runs on the in-process Stripe simulator in demo mode, and is off otherwise. */
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
    /** Demo mode without a key: the port of the in-process Stripe simulator (0: any free port). */
    simulatorPort: number;
  };
  queue: {
    /** How often an idle worker looks for jobs (new jobs also wake it on PostgreSQL). */
    pollSeconds: number;
    /** How often jobs of a worker that stopped (no heartbeat) are handed to another. */
    superviseSeconds: number;
    /** How many webhook deliveries, and how many runs, one process works on at once. */
    concurrency: number;
    /** How many of one vendor's deliveries (or runs) all processes together work on at once. */
    vendorConcurrency: number;
  };
  servicem8: {
    /** The ServiceM8 app's credentials; without them the product runs on the in-process simulator. */
    appId: string | undefined;
    appSecret: string | undefined;
    apiUrl: string;
    oauthUrl: string;
    scopes: string;
    rateLimits: { perMinute: number; perDay: number };
    /** Demo mode without app credentials: the port of the in-process simulator (0: any free port). */
    simulatorPort: number;
  };
  metrics: {
    /** The bearer token Prometheus sends to `/api/metrics`; unset, the endpoint answers 404. */
    token: string | undefined;
    /** A `--role=worker` process serves its own `/api/metrics` on this port (with the same token). */
    port: number | undefined;
  };
  /** Where traces go (OTLP over HTTP); unset, nothing is traced. The exporter reads the other OTEL_* variables itself. */
  otlpEndpoint: string | undefined;
  /**
   * Tests only: deliveries to web addresses may use plain http to this machine's loopback, where the
   * tests' receivers listen. Refused in production.
   */
  webAddressTestLoopback: boolean;
  /** How long a delivery to a web address may take, from connecting to the end of the answer. */
  webAddressTimeoutSeconds: number;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads the environment once. Empty strings count as unset, so `PORT=` falls back to the default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_SECRET_KEY) {
    throw new ConfigError(['APP_SECRET_KEY: is required in production (at least 32 random characters)']);
  }
  if (e.NODE_ENV === 'production' && e.WEB_ADDRESS_TEST_LOOPBACK === 'true') {
    throw new ConfigError([
      'WEB_ADDRESS_TEST_LOOPBACK: is for tests only and cannot be set in production (it lets deliveries reach this machine)',
    ]);
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (the webhook endpoint’s signing secret)',
    ]);
  }
  return {
    port: e.PORT,
    // Outside production the server is for this machine only; in production it sits behind a proxy.
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    appSecretKey: e.APP_SECRET_KEY,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoMode: e.DEMO_MODE ? e.DEMO_MODE === 'true' : e.NODE_ENV !== 'production',
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    feedbackFormUrl: e.FEEDBACK_FORM_URL,
    supportEmail: e.SUPPORT_EMAIL,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
      simulatorPort: e.STRIPE_SIM_PORT,
    },
    queue: {
      pollSeconds: e.QUEUE_POLL_SECONDS,
      superviseSeconds: e.QUEUE_SUPERVISE_SECONDS,
      concurrency: e.QUEUE_CONCURRENCY,
      vendorConcurrency: Math.min(e.QUEUE_VENDOR_CONCURRENCY, e.QUEUE_CONCURRENCY),
    },
    servicem8: {
      appId: e.SM8_APP_ID,
      appSecret: e.SM8_APP_SECRET,
      apiUrl: e.SM8_API_URL.replace(/\/+$/, ''),
      oauthUrl: e.SM8_OAUTH_URL.replace(/\/+$/, ''),
      scopes: e.SM8_SCOPES,
      rateLimits: { perMinute: e.SM8_RATE_PER_MINUTE, perDay: e.SM8_RATE_PER_DAY },
      simulatorPort: e.SIM_PORT,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    webAddressTestLoopback: e.WEB_ADDRESS_TEST_LOOPBACK === 'true',
    webAddressTimeoutSeconds: e.WEB_ADDRESS_TIMEOUT_SECONDS,
  };
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}
