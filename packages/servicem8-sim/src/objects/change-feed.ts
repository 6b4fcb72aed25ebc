import type { ObjectName } from './object-types.ts';
import type { SimRecord } from './record-store.ts';

/** One write to a record, as webhooks see it. */
export type RecordChange = {
  object: ObjectName;
  kind: 'create' | 'update' | 'delete';
  before: SimRecord | undefined;
  after: SimRecord;
  /** Names of fields whose value changed (all set fields on create), never `edit_date`. */
  changedFields: string[];
  at: Date;
  /** The app and account whose call caused it (undefined for the web page and control API). */
  origin: { appId: string } | undefined;
};

type ChangeListener = (change: RecordChange) => void;

/** Writes announce themselves here; the webhook dispatcher listens. */
export type ChangeFeed = {
  publish(change: RecordChange): void;
  subscribe(listener: ChangeListener): () => void;
};

export function createChangeFeed(): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  return {
    publish: (change) => {
      for (const listener of listeners) listener(change);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
