/**
 * Webhook subscriptions: object subscriptions (one per object per app: posting
 * again replaces it) and event subscriptions (keyed by event, callback URL and unique id).
 */
export type SubscriptionStatus = 'active' | 'inactive';

export type Subscription = {
  id: string;
  kind: 'object' | 'event';
  appId: string;
  /** As the subscriber spelled it (`Job`, `formresponse`). */
  object: string | null;
  fields: string[];
  event: string | null;
  callbackUrl: string;
  uniqueId: string;
  status: SubscriptionStatus;
  consecutiveFailures: number;
  lastFailureReason: string | null;
  /** UTC `YYYY-MM-DD HH:MM:SS`. */
  lastFailureAt: string | null;
  createdAt: string;
};

type SubscriptionInput = Pick<
  Subscription,
  'kind' | 'appId' | 'object' | 'fields' | 'event' | 'callbackUrl' | 'uniqueId'
>;

export type SubscriptionStore = {
  /** Adds or replaces, and (re)activates. */
  save(input: SubscriptionInput, createdAt: string): Subscription;
  get(id: string): Subscription | undefined;
  list(filter?: { appId?: string; status?: SubscriptionStatus }): Subscription[];
  remove(predicate: (subscription: Subscription) => boolean): number;
  clear(): void;
};

function sameTarget(a: SubscriptionInput, b: SubscriptionInput): boolean {
  if (a.appId !== b.appId || a.kind !== b.kind) return false;
  if (a.kind === 'object') return a.object?.toLowerCase() === b.object?.toLowerCase();
  return a.event === b.event && a.callbackUrl === b.callbackUrl && a.uniqueId === b.uniqueId;
}

export function createSubscriptionStore(): SubscriptionStore {
  let subscriptions: Subscription[] = [];
  return {
    save: (input, createdAt) => {
      const existing = subscriptions.find((subscription) => sameTarget(subscription, input));
      const saved: Subscription = {
        ...input,
        id: existing?.id ?? crypto.randomUUID(),
        status: 'active',
        consecutiveFailures: 0,
        lastFailureReason: existing?.lastFailureReason ?? null,
        lastFailureAt: existing?.lastFailureAt ?? null,
        createdAt: existing?.createdAt ?? createdAt,
      };
      subscriptions = [...subscriptions.filter((subscription) => subscription !== existing), saved];
      return saved;
    },
    get: (id) => subscriptions.find((subscription) => subscription.id === id),
    list: (filter = {}) =>
      subscriptions.filter(
        (subscription) =>
          (!filter.appId || subscription.appId === filter.appId) &&
          (!filter.status || subscription.status === filter.status),
      ),
    remove: (predicate) => {
      const before = subscriptions.length;
      subscriptions = subscriptions.filter((subscription) => !predicate(subscription));
      return before - subscriptions.length;
    },
    clear: () => {
      subscriptions = [];
    },
  };
}
