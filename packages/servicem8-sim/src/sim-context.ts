import { type CallLog, createCallLog } from './control/call-log.ts';
import { createFaultList, type FaultList, seededRandom } from './control/fault-rules.ts';
import { createSleeper, type Sleeper } from './control/sleeper.ts';
import { createMessageLog, type MessageLog } from './messaging/message-log.ts';
import { createOAuthStore, type OAuthStore } from './oauth/oauth-store.ts';
import { type ChangeFeed, createChangeFeed } from './objects/change-feed.ts';
import type { RecordDeps } from './objects/record.service.ts';
import { createRecordStore, type RecordStore } from './objects/record-store.ts';
import type { ResolvedOptions } from './simulator-options.ts';
import { createThrottle, type Throttle } from './throttle/throttle.ts';
import { type Clock, createSimClock, type SimClock } from './time/sim-clock.ts';
import { createSubscriptionStore, type SubscriptionStore } from './webhooks/subscription-store.ts';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

/**
 * Everything the routes of one simulator share. Built once per `buildSimulator` call and passed to
 * each route plugin; nothing lives in module state, so simulators in one process are independent.
 */
export type SimContext = RecordDeps & {
  options: ResolvedOptions;
  clock: SimClock;
  store: RecordStore;
  feed: ChangeFeed;
  oauth: OAuthStore;
  subscriptions: SubscriptionStore;
  dispatcher: WebhookDispatcher;
  messages: MessageLog;
  calls: CallLog;
  faults: FaultList;
  throttle: Throttle;
  sleeper: Sleeper;
  /** The public base URL (no trailing slash). */
  baseUrl(): string;
  setBaseUrl(url: string): void;
};

export function createSimContext(options: ResolvedOptions, baseClock: Clock | undefined): SimContext {
  const clock = createSimClock(baseClock);
  let baseUrl = options.publicUrl ?? 'http://127.0.0.1';
  const subscriptions = createSubscriptionStore();
  const context: SimContext = {
    options,
    clock,
    store: createRecordStore(),
    feed: createChangeFeed(),
    oauth: createOAuthStore(options.apps, {
      accessTokenTtlSeconds: options.oauth.accessTokenTtlSeconds,
      codeTtlSeconds: options.oauth.codeTtlSeconds,
      refreshTokenTtlSeconds: options.oauth.refreshTokenTtlSeconds,
    }),
    subscriptions,
    dispatcher: createWebhookDispatcher({
      subscriptions,
      clock,
      settings: options.webhooks,
      // Read at each delivery: POST /__sim/assumptions changes them while the simulator runs.
      assumptions: () => options.assumptions,
      appSecret: (appId) => options.apps.find((app) => app.appId === appId)?.appSecret ?? '',
      baseUrl: () => baseUrl,
    }),
    messages: createMessageLog(),
    calls: createCallLog(clock),
    faults: createFaultList(options.faultSeed === undefined ? Math.random : seededRandom(options.faultSeed)),
    throttle: createThrottle({ perMinute: options.throttle.perMinute, perDay: options.throttle.perDay }),
    sleeper: createSleeper(),
    baseUrl: () => baseUrl,
    setBaseUrl: (url) => {
      baseUrl = options.publicUrl ?? url.replace(/\/+$/, '');
    },
  };
  context.feed.subscribe((change) => context.dispatcher.handleChange(change));
  return context;
}

/** The account (vendor) uuid. */
export function accountUuidOf(context: Pick<SimContext, 'store'>): string {
  return context.store.list('vendor')[0]?.uuid ?? '';
}
