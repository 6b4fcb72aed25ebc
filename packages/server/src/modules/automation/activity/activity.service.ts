import {
  ACTIVITY_KEPT_DAYS,
  type ActivityAutomation,
  type ActivityEntry,
  type ActivityFieldChange,
  type ActivityPage,
  type ActivityQuery,
  type ActivityReason,
  parseBadgeList,
  TriggerEvent,
} from '@automate/contract';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import type { FieldChange } from '../../../engine/events/describe-change.ts';
import { invalidField } from '../../../http/app-error.ts';
import { triggerNamesOf } from '../../triggers/trigger-lookups.service.ts';
import { type ReferenceNames, referenceNamesAmong } from '../match/reference-names.ts';
import {
  deleteActivityBefore,
  findClientUuidsByName,
  findJobUuidsByNumber,
  findSnapshotData,
  listRecordChanges,
  type OutcomeOfEvent,
  type RecordChangeRow,
  type RunOfEvent,
} from './activity.repository.ts';

/**
 * Automation › Activity: the changes the engine observed, newest first, each with what changed, the
 * events it made and, per automation listening to one of them, its run or why it did not run.
 */

const CursorBody = z.object({ t: z.iso.datetime(), id: z.uuid() });

function writeCursor(row: RecordChangeRow): string {
  return Buffer.from(JSON.stringify({ t: row.observedAt.toISOString(), id: row.id })).toString('base64url');
}

function readCursor(text: string): { observedAt: Date; id: string } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = CursorBody.safeParse(decoded);
  if (!parsed.success) throw invalidField('Cursor', 'Cursor must be the nextCursor of an Activity page.');
  return { observedAt: new Date(parsed.data.t), id: parsed.data.id };
}

/** A page of the vendor's Activity (one job's timeline when `Job` names its number). */
export async function listActivity(deps: Deps, vendorId: string, query: ActivityQuery): Promise<ActivityPage> {
  const db = deps.database.db;
  const after = query.Cursor ? readCursor(query.Cursor) : undefined;
  // The jobs and clients named first, so the page is a range of their own index.
  const [jobUuids, clientUuids] = await Promise.all([
    query.Job ? findJobUuidsByNumber(db, vendorId, query.Job) : undefined,
    query.Client ? findClientUuidsByName(db, vendorId, query.Client) : undefined,
  ]);
  if (jobUuids?.length === 0 || clientUuids?.length === 0) return { items: [], nextCursor: null };
  const rows = await listRecordChanges(db, {
    vendorId,
    ...(jobUuids ? { jobUuids } : {}),
    ...(clientUuids ? { clientUuids } : {}),
    ...(query.Event ? { event: query.Event } : {}),
    ...(query.From ? { from: new Date(query.From) } : {}),
    ...(query.To ? { to: new Date(query.To) } : {}),
    ...(after ? { after } : {}),
    limit: query.PageSize + 1,
  });
  const page = rows.slice(0, query.PageSize);
  const last = page.at(-1);
  return {
    items: await describeEntries(deps, vendorId, page),
    nextCursor: rows.length > query.PageSize && last ? writeCursor(last) : null,
  };
}

async function describeEntries(
  deps: Deps,
  vendorId: string,
  rows: readonly RecordChangeRow[],
): Promise<ActivityEntry[]> {
  if (rows.length === 0) return [];
  const db = deps.database.db;
  const clientOf = (row: RecordChangeRow) => row.clientUuid ?? text(row.jobClientUuid);
  const [clients, triggerNames, names] = await Promise.all([
    findSnapshotData(db, vendorId, 'company', unique(rows.map(clientOf))),
    triggerNamesOf(db, vendorId),
    referenceNamesAmong(db, vendorId, namedUuids(rows)),
  ]);
  const events = new Map(rows.flatMap((row) => row.madeEvents).map((event) => [event.occurrenceKey, event]));
  const nameOf = (triggerId: string) => triggerNames.get(triggerId) ?? null;

  return rows.map((row) => {
    const clientUuid = clientOf(row);
    let ownWrite: ActivityEntry['ownWrite'] = null;
    const entryEvents = row.events.flatMap(({ event: name, occurrenceKey }) => {
      const event = events.get(occurrenceKey);
      const parsedName = TriggerEvent.safeParse(name);
      if (!parsedName.success) return [];
      if (!event) return [{ event: parsedName.data, seenBefore: false, pending: false, automations: [] }];
      if (event.causedByRunId && !ownWrite) {
        ownWrite = {
          runId: event.causedByRunId,
          triggerName: event.causedByTriggerId ? nameOf(event.causedByTriggerId) : null,
        };
      }
      const seenBefore = event.occurredAt.getTime() < row.observedAt.getTime();
      const automations = automationsOf(event.runs, event.outcomes, nameOf);
      return [
        {
          event: parsedName.data,
          seenBefore,
          pending: event.matchedAt === null,
          automations: seenBefore ? automations.map(alreadyRan) : automations,
        },
      ];
    });
    return {
      id: row.id,
      observedAt: row.observedAt.toISOString(),
      object: row.object,
      recordUuid: row.recordUuid,
      source: row.source,
      jobUuid: row.jobUuid,
      jobNumber: text(row.jobNumber),
      clientUuid,
      clientName: text(clients.get(clientUuid ?? '')?.name),
      changes: row.changes.map((change) => describeField(change, names)),
      ownWrite,
      events: entryEvents,
    };
  });
}

/**
 * Each listening automation once: its run (with the reason it will be or was skipped, when matching
 * gave one) or the reason it got none.
 */
function automationsOf(
  runs: readonly RunOfEvent[],
  outcomes: readonly OutcomeOfEvent[],
  nameOf: (triggerId: string) => string | null,
): ActivityAutomation[] {
  const byTrigger = new Map<string, ActivityAutomation>();
  for (const run of runs) {
    byTrigger.set(run.triggerId, {
      triggerId: run.triggerId,
      triggerName: nameOf(run.triggerId),
      run: { id: run.id, status: run.status, reason: run.reason },
      reason: null,
      explanation: null,
    });
  }
  for (const outcome of outcomes) {
    const known = byTrigger.get(outcome.triggerId);
    // Matched again after a crash: the first decision stands.
    if (known?.reason) continue;
    byTrigger.set(outcome.triggerId, {
      triggerId: outcome.triggerId,
      triggerName: nameOf(outcome.triggerId),
      run: known?.run ?? null,
      reason: outcome.reason as ActivityReason,
      explanation: outcome.detail,
    });
  }
  return [...byTrigger.values()];
}

/** The event had happened before this change was seen: nothing is matched twice. */
function alreadyRan(automation: ActivityAutomation): ActivityAutomation {
  const first = automation.run
    ? 'It already ran for this event'
    : `This event had already happened; it was not matched again${automation.explanation ? ` (then: ${automation.explanation})` : ''}`;
  return { ...automation, reason: 'already-ran', explanation: `${first}.` };
}

const FIELD_LABELS: Readonly<Record<ActivityFieldChange['field'], string>> = {
  status: 'Status',
  badges: 'Badges',
  queue: 'Queue',
  category: 'Category',
  schedule: 'Booking',
  created: 'New record',
};

const OBJECT_WORDS: Readonly<Record<string, string>> = {
  job: 'job',
  company: 'client',
  jobactivity: 'booking',
  jobpayment: 'payment',
  formresponse: 'form response',
};

function fieldOf(change: FieldChange): ActivityFieldChange['field'] {
  return (change.field in FIELD_LABELS ? change.field : 'status') as ActivityFieldChange['field'];
}

/** The badges, queues and categories the changes name, whose names `describeField` shows. */
function namedUuids(rows: readonly RecordChangeRow[]): string[] {
  const values = rows.flatMap((row) =>
    row.changes.flatMap((change) => {
      const field = fieldOf(change);
      const sides = [change.before, change.after];
      if (field === 'badges') return sides.flatMap((value) => (value === null ? [] : parseBadgeList(value)));
      return field === 'queue' || field === 'category' ? sides : [];
    }),
  );
  return unique(values);
}

function describeField(change: FieldChange, names: ReferenceNames): ActivityFieldChange {
  const field = fieldOf(change);
  const named = (value: string | null): string | null => {
    if (value === null) return null;
    switch (field) {
      case 'badges':
        return parseBadgeList(value)
          .map((uuid) => names.nameOf('badge', uuid))
          .join(', ');
      case 'queue':
        return names.nameOf('queue', value);
      case 'category':
        return names.nameOf('category', value);
      case 'created':
        return OBJECT_WORDS[value] ?? value;
      default:
        return value;
    }
  };
  return { field, label: FIELD_LABELS[field], before: named(change.before), after: named(change.after) };
}

function unique(values: ReadonlyArray<string | null | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value !== ''))];
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The nightly job: changes and reasons older than Activity keeps are forgotten. */
export function forgetOldActivity(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ACTIVITY_KEPT_DAYS * 24 * 60 * 60_000);
  return deleteActivityBefore(deps.database.db, before);
}
