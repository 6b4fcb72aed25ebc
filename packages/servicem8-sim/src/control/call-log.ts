import type { Clock } from '../time/sim-clock.ts';

/** One API call as the simulator saw it (GET /__sim/calls). */
export type CallRecord = {
  id: number;
  /** ISO time on the simulator clock when the call arrived. */
  at: string;
  method: string;
  path: string;
  query: string;
  /** HTTP status sent; 0 when an injected timeout or disconnect dropped the connection; null while running. */
  status: number | null;
  durationMs: number | null;
  /** The bearer token, API key, Basic email or OAuth client_id used. */
  credential: string | null;
  appId: string | null;
  accountUuid: string | null;
  staffUuid: string | null;
  /** The injected fault that answered, if any (`status 503`, `timeout`, `latency 200ms`…). */
  fault: string | null;
  /** Things the real API would silently ignore (an unreadable `$filter`, unknown fields…). */
  warnings: string[];
};

export type CallQuery = { method?: string | undefined; path?: string | undefined; since?: number | undefined };

export type CallLog = {
  start(input: { method: string; url: string }): CallRecord;
  list(query?: CallQuery): CallRecord[];
  clear(): void;
};

const MAX_CALLS = 10_000;

export function createCallLog(clock: Clock): CallLog {
  let calls: CallRecord[] = [];
  let nextId = 1;
  return {
    start: ({ method, url }) => {
      const queryAt = url.indexOf('?');
      const call: CallRecord = {
        id: nextId++,
        at: clock.now().toISOString(),
        method,
        path: queryAt === -1 ? url : url.slice(0, queryAt),
        query: queryAt === -1 ? '' : url.slice(queryAt + 1),
        status: null,
        durationMs: null,
        credential: null,
        appId: null,
        accountUuid: null,
        staffUuid: null,
        fault: null,
        warnings: [],
      };
      calls.push(call);
      if (calls.length > MAX_CALLS) calls = calls.slice(-MAX_CALLS);
      return call;
    },
    list: (query = {}) =>
      calls.filter(
        (call) =>
          (!query.method || call.method === query.method.toUpperCase()) &&
          (!query.path || call.path.toLowerCase().includes(query.path.toLowerCase())) &&
          (query.since === undefined || call.id > query.since),
      ),
    clear: () => {
      calls = [];
    },
  };
}
