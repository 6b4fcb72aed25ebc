import { z } from 'zod';
import { text } from '../records/run-records.ts';
import {
  type ActionEnv,
  type ActionExecutor,
  ActionProblem,
  inputText,
  jobLabel,
  plannedJob,
  requireJob,
} from './action-executor.ts';

/**
 * Actions that create a ServiceM8 record. The uuid is chosen in the plan and sent with the create,
 * so after a crash the record is found by it instead of being created twice.
 */

const AnyRecord = z.record(z.string(), z.unknown());

async function exists(env: ActionEnv, object: string, uuid: string): Promise<boolean> {
  return (await env.client.get(object, uuid, AnyRecord)) !== null;
}

export const addNote: ActionExecutor<'Job_AddNote'> = {
  async plan(params, env) {
    const job = await requireJob(env);
    const rendered = await env.render(params.text, null);
    return {
      input: { jobUuid: text(job.uuid), job: jobLabel(job), noteUuid: env.newUuid(), note: rendered.text },
      description: `Add a note to ${jobLabel(job)}: "${rendered.text}"`,
      missingMergeFields: rendered.missing,
    };
  },
  async perform(input, env, resumed) {
    const noteUuid = inputText(input, 'noteUuid');
    if (resumed && (await exists(env, 'note', noteUuid))) return 'The note was already added.';
    await env.client.create('note', {
      uuid: noteUuid,
      related_object: 'job',
      related_object_uuid: inputText(input, 'jobUuid'),
      note: inputText(input, 'note'),
    });
    return `Added a note to ${plannedJob(input)}: "${inputText(input, 'note')}"`;
  },
};

export const addService: ActionExecutor<'Job_AddService'> = {
  async plan({ materialUuid, quantity }, env) {
    const job = await requireJob(env);
    const material = await env.client.get('material', materialUuid, AnyRecord);
    if (!material || String(material.active ?? '1') !== '1') {
      throw new ActionProblem(
        `The service "${env.nameOf('material', materialUuid)}" is no longer in your ServiceM8 price list.`,
      );
    }
    const name = text(material.name) || env.nameOf('material', materialUuid);
    return {
      input: {
        jobUuid: text(job.uuid),
        job: jobLabel(job),
        jobMaterialUuid: env.newUuid(),
        materialUuid,
        name,
        quantity: String(quantity),
        price: text(material.price) || '0',
      },
      description: `Add ${quantity} × "${name}" to ${jobLabel(job)}.`,
      missingMergeFields: [],
    };
  },
  async perform(input, env, resumed) {
    const uuid = inputText(input, 'jobMaterialUuid');
    const line = `${inputText(input, 'quantity')} × "${inputText(input, 'name')}"`;
    if (resumed && (await exists(env, 'jobmaterial', uuid))) return `${line} was already on ${plannedJob(input)}.`;
    await env.client.create('jobmaterial', {
      uuid,
      job_uuid: inputText(input, 'jobUuid'),
      material_uuid: inputText(input, 'materialUuid'),
      name: inputText(input, 'name'),
      quantity: inputText(input, 'quantity'),
      price: inputText(input, 'price'),
    });
    return `Added ${line} to ${plannedJob(input)}.`;
  },
};

export const createJobForClient: ActionExecutor<'JobClient_CreateJob'> = {
  async plan({ status, description, categoryUuid }, env) {
    const client = await env.records.client();
    const clientUuid = text(client?.uuid);
    if (!clientUuid) throw new ActionProblem('This run has no client to create a job for.');
    const rendered = await env.render(description, null);
    const clientName = text(client?.name) || 'the client';
    const address = text((await env.records.job())?.job_address) || text(client?.address);
    return {
      input: {
        jobUuid: env.newUuid(),
        clientUuid,
        status,
        jobDescription: rendered.text,
        categoryUuid: categoryUuid ?? '',
        address,
      },
      description: `Create a ${status} job for ${clientName}: "${rendered.text}"`,
      missingMergeFields: rendered.missing,
    };
  },
  async perform(input, env, resumed) {
    const uuid = inputText(input, 'jobUuid');
    if (resumed && (await exists(env, 'job', uuid))) return 'The job was already created.';
    await env.noteWrite('job', uuid, {}, true);
    await env.client.create('job', {
      uuid,
      company_uuid: inputText(input, 'clientUuid'),
      status: inputText(input, 'status'),
      job_description: inputText(input, 'jobDescription'),
      ...(inputText(input, 'categoryUuid') ? { category_uuid: inputText(input, 'categoryUuid') } : {}),
      ...(inputText(input, 'address') ? { job_address: inputText(input, 'address') } : {}),
    });
    const created = await env.client.get('job', uuid, AnyRecord);
    const number = text(created?.generated_job_id);
    return number ? `Created job ${number} for the client.` : 'Created a job for the client.';
  },
};
