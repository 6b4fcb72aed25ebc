import {
  ACTION_TEXT_PARAMS,
  ACTION_WORDS,
  actionName,
  isClientFacingAction,
  PREVIEW_DAYS,
  PREVIEW_LISTED_MAX,
  PREVIEW_SKIP_REASONS,
  type PreviewAction,
  type PreviewResult,
  type PreviewRun,
  type PreviewSkip,
  type PreviewSkipReason,
  type TriggerAction,
  type TriggerDefinition,
} from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import { TextProblem } from '../../../engine/actions/action-executor.ts';
import { evaluateGroup } from '../../../engine/conditions/evaluate-group.ts';
import { explainFailure } from '../../../engine/conditions/explain-result.ts';
import type { Sm8Record } from '../../../engine/events/derive-events.ts';
import { formatInZone } from '../../../engine/schedule/due-at.ts';
import { invalidField, notFound } from '../../../http/app-error.ts';
import { templateToSend } from '../../email-templates/email-templates.service.ts';
import { clientMessagingOf, findVendor, suspendedRunReason } from '../../vendors/vendors.service.ts';
import { mergeRenderer } from '../execute/action-env.ts';
import { bookingTiming } from '../match/booking-start.ts';
import { loadReferenceNames } from '../match/reference-names.ts';
import { evaluationContextFor } from '../match/run-context.ts';
import { CASCADE_DEPTH_MAX, CASCADE_LIMIT_DETAIL, kindMisfit, OWN_CHANGE } from '../match/trigger-matching.service.ts';
import {
  findReplayedEvents,
  firstChangeSince,
  listChangesWithEvent,
  type ReplayedChange,
} from './preview.repository.ts';
import { type PreviewWorld, previewWorld, type ReplayedRecords } from './preview-world.ts';
import { runTiming } from './run-timing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const ALREADY_HAPPENED =
  'The event had happened before (ServiceM8 reported the same change again), so it would not run again.';

/**
 * "Preview on the last 30 days": the changes kept for the business that made the definition's event,
 * replayed in order through the engine's own rules (the event seen before, its own change, the chain
 * limit, the conditions, the record's kind, the timing), each against the record as that change left it.
 * Only the database is read: nothing is sent and ServiceM8 is not asked. The newest runs have their texts
 * filled in.
 */
export async function previewTrigger(
  deps: Deps,
  vendorId: string,
  request: { definition: TriggerDefinition; triggerId?: string | undefined },
): Promise<PreviewResult> {
  const { definition, triggerId } = request;
  const db = deps.database.db;
  const vendor = await findVendor(db, vendorId);
  if (!vendor) throw notFound('Vendor');
  const now = deps.clock.now();
  const since = new Date(now.getTime() - PREVIEW_DAYS * DAY_MS);
  const [first, changes, names] = await Promise.all([
    firstChangeSince(db, vendorId, since),
    listChangesWithEvent(db, vendorId, definition.event, since),
    loadReferenceNames(db, vendorId),
  ]);
  const keyOf = (change: ReplayedChange) =>
    change.events.find((event) => event.event === definition.event)?.occurrenceKey ?? '';
  const events = new Map(
    (await findReplayedEvents(db, vendorId, [...new Set(changes.map(keyOf))])).map((event) => [
      event.occurrenceKey,
      event,
    ]),
  );
  const world = await previewWorld(deps, vendorId, changes, since);
  const zone = vendor.timeZone;
  const timing = { timeZone: zone, quietHours: clientMessagingOf(vendor).quietHours };

  const runs: Array<{
    subject: Omit<PreviewRun, 'actions' | 'actsAt' | 'timing'>;
    occurredAt: Date;
    booking: Sm8Record | null;
    records: ReplayedRecords;
  }> = [];
  const skipped: PreviewSkip[] = [];
  for (const change of changes) {
    const event = events.get(keyOf(change));
    const occurredAt = event?.occurredAt ?? change.observedAt;
    const records = world.recordsOf(change);
    const subject = {
      changeId: change.id,
      occurredAt: occurredAt.toISOString(),
      event: definition.event,
      object: change.object,
      recordUuid: change.recordUuid,
      jobUuid: change.jobUuid,
      jobNumber: world.jobNumberOf(change),
      clientName: world.clientNameOf(change),
    };
    const skip = (reason: PreviewSkipReason, explanation: string) => skipped.push({ ...subject, reason, explanation });
    if (event && event.occurredAt.getTime() < change.observedAt.getTime()) {
      skip('already-ran', ALREADY_HAPPENED);
      continue;
    }
    if (triggerId && event?.causedByTriggerId === triggerId) {
      skip('own-change', OWN_CHANGE);
      continue;
    }
    if ((event?.cascadeDepth ?? 0) >= CASCADE_DEPTH_MAX) {
      skip('cascade-limit', CASCADE_LIMIT_DETAIL);
      continue;
    }
    const context = await evaluationContextFor(records, [definition.conditions], names, definition.event);
    const evaluation = evaluateGroup(definition.conditions, context);
    if (!evaluation.result) {
      skip('conditions', explainFailure(evaluation));
      continue;
    }
    if (definition.targetKind === 'Job' && !(await records.job()) && !(event?.jobUuid ?? change.jobUuid)) {
      skip('kind', kindMisfit(definition.event));
      continue;
    }
    // A run timed from the booking's start is skipped when the booking is gone or has started; when each
    // run would act is worked out only for the runs listed.
    const booking = definition.delay?.from === 'BookingStart' ? await records.booking() : null;
    if (
      definition.delay?.from === 'BookingStart' &&
      bookingTiming(booking, definition.delay, zone, occurredAt).kind !== 'due'
    ) {
      skip('booking', runTiming(definition, occurredAt, timing, booking).sentence);
      continue;
    }
    runs.push({ subject, occurredAt, booking, records });
  }

  const newestRuns = runs.slice(-PREVIEW_LISTED_MAX).reverse();
  const listedRuns: PreviewRun[] = [];
  for (const { subject, occurredAt, booking, records } of newestRuns) {
    const when = runTiming(definition, occurredAt, timing, booking);
    listedRuns.push({
      ...subject,
      actsAt: when.at ?? occurredAt.toISOString(),
      timing: atTime(when, occurredAt, zone),
      actions: await previewActions(deps, vendorId, definition, records),
    });
  }
  const skippedByReason = Object.fromEntries(PREVIEW_SKIP_REASONS.map((reason) => [reason, 0])) as Record<
    PreviewSkipReason,
    number
  >;
  for (const { reason } of skipped) skippedByReason[reason] = skippedByReason[reason] + 1;
  return {
    period: { from: first?.toISOString() ?? null, to: now.toISOString(), days: coveredDays(first, now) },
    coverage: coverageSentence(first, now, vendor.timeZone),
    changesWithEvent: changes.length,
    runCount: runs.length,
    runs: listedRuns,
    skippedCount: skipped.length,
    skippedByReason,
    skipped: skipped.slice(-PREVIEW_LISTED_MAX).reverse(),
    limits: [...standingOf(vendor), ...limitsOf(definition, world)],
  };
}

/** The timing sentence, saying when the event happened when the run would have acted at once. */
function atTime(when: { at: string | null; sentence: string }, occurredAt: Date, zone: string): string {
  return when.at ? when.sentence : `It would have acted at once, at ${formatInZone(occurredAt, zone)}.`;
}

function coveredDays(first: Date | null, now: Date): number {
  return first ? Math.max(1, Math.ceil((now.getTime() - first.getTime()) / DAY_MS)) : 0;
}

function coverageSentence(first: Date | null, now: Date, zone: string): string {
  if (!first) {
    return 'No changes have been kept yet: changes are kept from the day ServiceM8 was connected, for 30 days.';
  }
  const days = coveredDays(first, now);
  const span = `From ${formatInZone(first, zone)} to now (${days} ${days === 1 ? 'day' : 'days'})`;
  return days >= PREVIEW_DAYS
    ? `${span}: the last ${PREVIEW_DAYS} days of changes.`
    : `${span}: changes are kept from the day ServiceM8 was connected, so the preview covers less than ${PREVIEW_DAYS} days.`;
}

/**
 * What would stop every run now, whatever the changes: the replay assumes the business's automations may
 * run, as the preview is about the automation's own rules.
 */
function standingOf(vendor: NonNullable<Awaited<ReturnType<typeof findVendor>>>): string[] {
  const suspended = suspendedRunReason(vendor);
  if (suspended) return [`${suspended}. While they are, a real run is skipped.`];
  if (!vendor.subscriptionActive) return ['The business has no active plan now: a real run would wait for a payment.'];
  return [];
}

/** What the replay could not know as it was then, for this definition. */
function limitsOf(definition: TriggerDefinition, world: PreviewWorld): string[] {
  const limits: string[] = [];
  if (world.changesWithoutRecord > 0) {
    limits.push(
      `${world.changesWithoutRecord} of the changes were kept before whole records were, so they were replayed against the record as it is today.`,
    );
  }
  if (definition.actions.some((action) => isClientFacingAction(action.type) || action.type === 'Job_SendAttachment')) {
    limits.push(
      'Contacts are read from ServiceM8 when a message is sent, so contact fields (such as the first name) are left empty here, and whether a client opted out is checked then.',
    );
  }
  limits.push(
    'Each record is replayed as the change left it; the job or client it belongs to is taken as it was at its latest change before then (or as it is today when none was kept), and payments as they are today.',
  );
  return limits;
}

/** Each action's texts filled in from the records, as a real run would have filled them. */
async function previewActions(
  deps: Deps,
  vendorId: string,
  definition: TriggerDefinition,
  records: ReplayedRecords,
): Promise<PreviewAction[]> {
  const render = mergeRenderer(records);
  const actions: PreviewAction[] = [];
  for (const [index, action] of definition.actions.entries()) {
    const labels: Readonly<Record<string, string>> = ACTION_TEXT_PARAMS[action.type] ?? {};
    const texts: PreviewAction['texts'] = [];
    const missing = new Set<string>();
    const sources = await textsOf(deps, vendorId, action);
    try {
      for (const [param, label] of Object.entries(labels)) {
        const template = sources.texts[param];
        if (!template) continue;
        const rendered = await render(template, null);
        texts.push({ label, text: rendered.text });
        for (const field of rendered.missing) if (!field.startsWith('contact.')) missing.add(field);
      }
    } catch (error) {
      // The definition itself is wrong, whatever the record: the preview is refused, as the dry run is.
      if (error instanceof TextProblem) {
        throw invalidField(`definition.actions.${index}`, `${actionName(index, action.type)}: ${error.message}`);
      }
      throw error;
    }
    actions.push({
      actionId: action.id,
      type: action.type,
      label: ACTION_WORDS[action.type].label,
      texts,
      missingMergeFields: [...missing],
      problem: sources.problem,
    });
  }
  return actions;
}

/** The action's text inputs by name; an email template's subject and body when it uses one. */
async function textsOf(
  deps: Deps,
  vendorId: string,
  action: TriggerAction,
): Promise<{ texts: Record<string, string>; problem: string | null }> {
  const params = action.params as Record<string, unknown>;
  const texts = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const templateId = typeof params.emailTemplateId === 'string' ? params.emailTemplateId : null;
  if (!templateId) return { texts, problem: null };
  const template = await templateToSend(deps.database.db, { vendorId, id: templateId });
  if (!template) {
    return { texts, problem: 'The email template chosen for this action was deleted; choose another one.' };
  }
  return { texts: { ...texts, subject: template.subject, body: template.body }, problem: null };
}
