/** The ServiceM8 simulator's control API (`/__sim`, see packages/servicem8-sim/README.md), over HTTP. */
import type { CallRecord, DeliveryRecord, FaultInput, SimInfo, SimRecord } from '@automate/servicem8-sim';

export type SimClient = ReturnType<typeof simClient>;

export function simClient(baseUrl: string) {
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/__sim${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`simulator ${method} ${route}: ${response.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    baseUrl,
    info: () => call<SimInfo>('GET', ''),
    setThrottle: (limits: { perMinute?: number; perDay?: number; resetCounters?: boolean }) =>
      call('POST', '/throttle', limits),
    /** The limits, and each app and account's calls in the last minute and day. */
    throttle: () =>
      call<{ perMinute: number; perDay: number; usage: Record<string, { minute: number; day: number }> }>(
        'GET',
        '/throttle',
      ),
    setOAuth: (settings: { autoApprove?: boolean }) => call('POST', '/oauth', settings),
    addFault: (fault: FaultInput) => call('POST', '/faults', fault),
    clearFaults: () => call('DELETE', '/faults'),
    /** Upserts records without any webhook (a change ServiceM8 made that we have not been told of yet). */
    seed: (records: Record<string, SimRecord[]>) => call('POST', '/seed', { records }),
    records: (object: string) => call<SimRecord[]>('GET', `/records/${object}`),
    /** Writes as a ServiceM8 user would: rules apply and webhooks fire. */
    write: (object: string, uuid: string | undefined, fields: Record<string, unknown>) =>
      call<SimRecord>('POST', `/records/${object}${uuid ? `/${uuid}` : ''}`, fields),
    calls: (query: { method?: string; path?: string; since?: number } = {}) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
      return call<CallRecord[]>('GET', `/calls${search.size > 0 ? `?${search}` : ''}`);
    },
    clearCalls: () => call('DELETE', '/calls'),
    subscriptions: () => call<Array<{ callbackUrl: string; status: string; kind: string }>>('GET', '/webhooks'),
    deliveries: () => call<DeliveryRecord[]>('GET', '/deliveries'),
    clearDeliveries: () => call('DELETE', '/deliveries'),
    webhooksIdle: () => call('POST', '/webhooks/idle'),
  };
}

/** The id of the newest call in the log (0 when empty): `calls({ since })` then lists only later ones. */
export async function lastCallId(sim: SimClient): Promise<number> {
  return (await sim.calls()).at(-1)?.id ?? 0;
}
