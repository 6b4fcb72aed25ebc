import { parseBadgeList, type TriggerActionType } from '@automate/contract';
import { z } from 'zod';
import type { Sm8Record } from '../events/derive-events.ts';
import { text } from '../records/run-records.ts';
import {
  type ActionEnv,
  type ActionExecutor,
  capitalized,
  inputText,
  jobLabel,
  plannedJob,
  requireJob,
} from './action-executor.ts';

/** Actions that change fields of the job itself. Each reads the job fresh and changes only what is not so yet. */

const AnyRecord = z.record(z.string(), z.unknown());

async function freshJob(env: ActionEnv, jobUuid: string): Promise<Sm8Record> {
  const job = await env.client.get('job', jobUuid, AnyRecord);
  if (!job) throw new Error(`The job ${jobUuid} could not be read from ServiceM8.`);
  return job;
}

const badgesOf = (job: Sm8Record) => (typeof job.badges === 'string' ? parseBadgeList(job.badges) : []);

/** Adds or removes one badge, leaving the others; a job that already is as asked is left alone. */
function changeBadge<T extends 'Job_AddBadge' | 'Job_RemoveBadge'>(mode: 'add' | 'remove'): ActionExecutor<T> {
  const adding = mode === 'add';
  return {
    async plan({ badgeUuid }, env) {
      const job = await requireJob(env);
      const name = env.nameOf('badge', badgeUuid);
      return {
        input: { jobUuid: text(job.uuid), job: jobLabel(job), badgeUuid, badgeName: name },
        description: adding
          ? `Add badge "${name}" to ${jobLabel(job)}.`
          : `Remove badge "${name}" from ${jobLabel(job)}.`,
        missingMergeFields: [],
      };
    },
    async perform(input, env) {
      const jobUuid = inputText(input, 'jobUuid');
      const badgeUuid = inputText(input, 'badgeUuid');
      const name = inputText(input, 'badgeName');
      const job = plannedJob(input);
      const badges = badgesOf(await freshJob(env, jobUuid));
      if (badges.includes(badgeUuid) === adding) {
        return adding
          ? `${capitalized(job)} already had the badge "${name}"; nothing to change.`
          : `${capitalized(job)} did not have the badge "${name}"; nothing to change.`;
      }
      const next = adding ? [...badges, badgeUuid] : badges.filter((badge) => badge !== badgeUuid);
      const fields = { badges: JSON.stringify(next) };
      await env.noteWrite('job', jobUuid, fields);
      await env.client.update('job', jobUuid, fields);
      return adding ? `Added badge "${name}" to ${job}.` : `Removed badge "${name}" from ${job}.`;
    },
  };
}

export const addBadge = changeBadge<'Job_AddBadge'>('add');
export const removeBadge = changeBadge<'Job_RemoveBadge'>('remove');

/** Sets one job field to a value, unless it already has it. */
function setJobField<T extends TriggerActionType>(options: {
  field: string;
  value(params: Parameters<ActionExecutor<T>['plan']>[0], env: ActionEnv): { value: string; label: string };
  describe(label: string, job: string): string;
  done(label: string, job: string): string;
  already(label: string, job: string): string;
}): ActionExecutor<T> {
  return {
    async plan(params, env) {
      const job = await requireJob(env);
      const { value, label } = options.value(params, env);
      return {
        input: { jobUuid: text(job.uuid), job: jobLabel(job), field: options.field, value, label },
        description: options.describe(label, jobLabel(job)),
        missingMergeFields: [],
      };
    },
    async perform(input, env) {
      const jobUuid = inputText(input, 'jobUuid');
      const value = inputText(input, 'value');
      const label = inputText(input, 'label');
      const job = await freshJob(env, jobUuid);
      if (text(job[options.field]) === value) return options.already(label, plannedJob(input));
      const fields = { [options.field]: value };
      await env.noteWrite('job', jobUuid, fields);
      await env.client.update('job', jobUuid, fields);
      return options.done(label, plannedJob(input));
    },
  };
}

export const changeStatus = setJobField<'Job_ChangeStatus'>({
  field: 'status',
  value: ({ status }) => ({ value: status, label: status }),
  describe: (label, job) => `Change the status of ${job} to ${label}.`,
  done: (label, job) => `Changed the status of ${job} to ${label}.`,
  already: (label, job) => `${capitalized(job)} was already ${label}; nothing to change.`,
});

export const addToQueue = setJobField<'Job_AddToQueue'>({
  field: 'queue_uuid',
  value: ({ queueUuid }, env) => ({ value: queueUuid, label: env.nameOf('queue', queueUuid) }),
  describe: (label, job) => `Add ${job} to the queue "${label}".`,
  done: (label, job) => `Added ${job} to the queue "${label}".`,
  already: (label, job) => `${capitalized(job)} was already in the queue "${label}"; nothing to change.`,
});

/**
 * Appends a paragraph to a text field of the job. The rendered paragraph is part of the plan, so a
 * retry recognises its own text already at the end of the field and does not add it twice.
 */
function appendToJobField<T extends 'Job_AddDescription' | 'Job_AddWorkDoneDescription'>(
  field: 'job_description' | 'work_done_description',
  what: string,
): ActionExecutor<T> {
  return {
    async plan(params, env) {
      const job = await requireJob(env);
      const rendered = await env.render(params.text, null);
      return {
        input: { jobUuid: text(job.uuid), job: jobLabel(job), text: rendered.text },
        description: `Add to the ${what} of ${jobLabel(job)}: "${rendered.text}"`,
        missingMergeFields: rendered.missing,
      };
    },
    async perform(input, env) {
      const jobUuid = inputText(input, 'jobUuid');
      const paragraph = inputText(input, 'text');
      const job = await freshJob(env, jobUuid);
      const current = typeof job[field] === 'string' ? job[field] : '';
      if (current.trimEnd().endsWith(paragraph.trim())) {
        return `The ${what} of ${plannedJob(input)} already ended with this text; nothing added.`;
      }
      const fields = { [field]: current.trim() ? `${current.trimEnd()}\n\n${paragraph}` : paragraph };
      await env.noteWrite('job', jobUuid, fields);
      await env.client.update('job', jobUuid, fields);
      return `Added to the ${what} of ${plannedJob(input)}: "${paragraph}"`;
    },
  };
}

export const addDescription = appendToJobField<'Job_AddDescription'>('job_description', 'job description');
export const addWorkDoneDescription = appendToJobField<'Job_AddWorkDoneDescription'>(
  'work_done_description',
  'work done description',
);
