import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Deps } from './deps.ts';
import type { App } from './http/app-type.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerInputGuards } from './http/input-guards.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSpa } from './http/spa.ts';
import { adminMetricsRoutes } from './modules/admin/admin-metrics.routes.ts';
import { adminVendorRoutes } from './modules/admin/admin-vendors.routes.ts';
import { registerActingAsVendorAudit } from './modules/audit/acting-as-vendor.audit.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { registerAccessControl } from './modules/auth/access-control.ts';
import { adminUserRoutes } from './modules/auth/admin-users.routes.ts';
import { apiKeyRoutes } from './modules/auth/api-keys.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { findLockedAddresses } from './modules/auth/auth.service.ts';
import { sessionRoutes } from './modules/auth/session.routes.ts';
import { activityRoutes } from './modules/automation/activity/activity.routes.ts';
import { clientMessagingRoutes } from './modules/automation/execute/client-messaging.routes.ts';
import { countPlanUsage } from './modules/automation/execute/usage.service.ts';
import { webAddressRoutes } from './modules/automation/execute/web-address.routes.ts';
import { noticeRoutes } from './modules/automation/notices/notices.routes.ts';
import { resultsRoutes } from './modules/automation/results/results.routes.ts';
import { dryRunRoutes } from './modules/automation/runs/dry-run.routes.ts';
import { previewRoutes } from './modules/automation/runs/preview.routes.ts';
import { triggerRunRoutes } from './modules/automation/runs/trigger-runs.routes.ts';
import { lastRunTimesOf } from './modules/automation/runs/trigger-runs.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { invoiceRoutes } from './modules/billing/invoices.routes.ts';
import { platformSettingsRoutes } from './modules/billing/platform-settings.routes.ts';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { emailTemplateRoutes } from './modules/email-templates/email-templates.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { systemEmailRoutes } from './modules/mail/system-emails.routes.ts';
import { publicRoutes } from './modules/public/public.routes.ts';
import { servicem8Routes } from './modules/servicem8/servicem8.routes.ts';
import { sm8SignInRoutes } from './modules/servicem8/sm8-sign-in.routes.ts';
import { triggerTemplateRoutes } from './modules/trigger-templates/trigger-templates.routes.ts';
import { findTriggerSendingTemplate } from './modules/triggers/trigger-lookups.service.ts';
import { triggerRoutes } from './modules/triggers/triggers.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { vendorUserRoutes } from './modules/users/vendor-users.routes.ts';
import { vendorRoutes } from './modules/vendors/vendors.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';

export type AppDeps = Deps & {
  /** The built web app to serve at `/`; undefined serves the API alone. */
  webRoot: string | undefined;
};

/** Builds the HTTP application without listening, so tests can `inject` and main.ts can listen. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Only the configured proxies may say who the client is: otherwise anyone could name any address.
    trustProxy: trustedProxies(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...connectionTimeouts(deps.config.requestTimeoutSeconds),
    // One line per request, written below, so secrets in URLs (the webhook callback's) stay out of logs.
    logController: new LogController({ disableRequestLogging: true }),
    // The plugins load when the server starts listening, beside the workers of a `--role=all` process:
    // after a crash they start on the backlog at once, and on a loaded machine a plugin took longer than
    // Fastify's default 10 s, so the process failed to start.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: ids and secrets in paths would make a series per request.
    deps.metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  // Built once: the Fastify plugin built helmet's middleware again (parsing the policy) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ['https:'],
      },
    },
    // Checkout runs in a popup the app opens: the app keeps its handle on it across the payment page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Every answer gets them; the web app's scripts then shed those only a page acts on (http/spa.ts).
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // The checkout popup returns to /payment/close from the payment page's origin; that page must keep
  // the popup's link to the app's window to tell it the payment is over (a stricter policy cuts it).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/payment/close')) reply.header('cross-origin-opener-policy', 'unsafe-none');
  });
  // API answers over 1 KB go out compressed (Brotli at a quality cheap enough per request, or gzip);
  // the web app's files are compressed once at build time and served as they are (spa.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie, { secret: Buffer.from(deps.keys.cookieSigningKey) });
  registerErrorHandling(app);
  registerInputGuards(app);
  await registerOpenApi(app, { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many attempts from your network. Wait ${context.after} and try again.`,
    }),
  });

  await app.register(
    async (api) => {
      registerAccessControl(api, deps);
      registerActingAsVendorAudit(api, deps);
      await api.register(healthRoutes(deps));
      await api.register(metricsRoutes(deps));
      await api.register(publicRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(sessionRoutes(deps));
      await api.register(userRoutes(deps, { findLockedAddresses }));
      await api.register(adminUserRoutes(deps));
      await api.register(vendorRoutes(deps));
      await api.register(vendorUserRoutes(deps));
      await api.register(invitationRoutes(deps));
      await api.register(systemEmailRoutes(deps));
      await api.register(sm8SignInRoutes(deps));
      await api.register(servicem8Routes(deps));
      await api.register(webhookRoutes(deps));
      await api.register(contentRoutes(deps));
      await api.register(emailTemplateRoutes(deps, { findTemplateUser: findTriggerSendingTemplate }));
      await api.register(triggerRoutes(deps, { lastRunTimes: lastRunTimesOf }));
      await api.register(triggerRunRoutes(deps));
      await api.register(activityRoutes(deps));
      await api.register(resultsRoutes(deps));
      await api.register(noticeRoutes(deps));
      await api.register(webAddressRoutes(deps));
      await api.register(apiKeyRoutes(deps));
      await api.register(dryRunRoutes(deps));
      await api.register(previewRoutes(deps));
      await api.register(clientMessagingRoutes(deps));
      await api.register(triggerTemplateRoutes(deps));
      await api.register(
        billingRoutes(deps, { countUsage: (vendorId, since) => countPlanUsage(deps.database.db, vendorId, since) }),
      );
      await api.register(stripeWebhookRoutes(deps));
      await api.register(invoiceRoutes(deps));
      await api.register(platformSettingsRoutes(deps));
      await api.register(adminVendorRoutes(deps));
      await api.register(adminMetricsRoutes(deps));
      await api.register(auditRoutes(deps));
      await api.register(feedbackRoutes(deps));
    },
    { prefix: '/api' },
  );

  await registerSpa(app, deps.webRoot);
  return app;
}

/** The proxies Fastify may believe, in its terms: a hop count becomes "the nearest N hops". */
function trustedProxies(setting: false | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * A request (headers and body) must arrive within `requestTimeoutSeconds`, or it is answered 408 and its
 * connection closed, so slow senders cannot hold connections open. Node checks at `connectionsCheckingInterval`.
 */
function connectionTimeouts(requestTimeoutSeconds: number) {
  const requestTimeout = requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    // Longer than the 60 s idle timeout of common load balancers, so they close idle connections first.
    keepAliveTimeout: 72_000,
    // A socket with no bytes moving either way this long is closed; generous, as it also bounds a slow handler.
    connectionTimeout: Math.max(2 * requestTimeout, 180_000),
    http: {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, 30_000),
      connectionsCheckingInterval: Math.min(Math.max(requestTimeout / 4, 250), 5_000),
    },
  };
}

/**
 * Paths whose next segment is an emailed link's token: the web app's pages the links open, and the
 * invitation the invitation page looks up (`/api/Auth/invitation/accept` carries its token in the body).
 */
const TOKEN_IN_PATH = /^(\/auth\/(?:verify|reset|invitation)\/|\/api\/auth\/invitation\/(?!accept(?:[/?#]|$)))[^/?#]+/i;

/** The URL with the values of secret-bearing query parameters and emailed link tokens replaced. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:secret|token|code|state|connection|claim)=)[^&]*/gi, '$1[redacted]')
    .replace(TOKEN_IN_PATH, '$1[redacted]');
}
