import { webAddressHost } from '@automate/contract';
import {
  type DeliveryAnswer,
  DeliveryNetworkError,
  DeliveryRefused,
} from '../../integrations/web-address/web-delivery.ts';
import { buildMergeValues } from '../messages/merge-values.ts';
import { type ActionEnv, type ActionExecutor, ActionProblem, inputText, TryAgainLater } from './action-executor.ts';

/** How much of a refusing answer the step log keeps. */
export const ANSWER_IN_LOG_BYTES = 1024;

/**
 * "Send to a web address": the body is decided in the plan (the record as JSON, or the text written
 * with merge fields, filled in) and stored with the step, so every attempt posts the same bytes under
 * the same idempotency key, the step's id. Delivered at least once: a step interrupted after posting is
 * posted again, and the receiver drops the repeat by its key. The run waits and tries again on no
 * answer, 408, 429 and 5xx; any other answer outside 2xx fails the step at once.
 */
export const sendToWebAddress: ActionExecutor<'SendToWebAddress'> = {
  async plan(params, env) {
    const room = await env.webAddress.roomToday();
    if (room.left <= 0) throw new ActionProblem(room.usedUp);
    const host = webAddressHost(params.url);
    if (params.bodyMode === 'template') {
      const rendered = await env.render(params.body, null);
      return {
        input: {
          url: params.url,
          body: rendered.text,
          contentType: isJson(rendered.text) ? 'application/json' : 'text/plain; charset=utf-8',
          headers: params.headers,
        },
        description: `Send the text written for it to ${host}.`,
        missingMergeFields: rendered.missing,
      };
    }
    return {
      input: {
        url: params.url,
        body: JSON.stringify(await recordBody(env)),
        contentType: 'application/json',
        headers: params.headers,
      },
      description: `Send the record to ${host}.`,
      missingMergeFields: [],
    };
  },

  async perform(input, env, _resumed, step) {
    const url = inputText(input, 'url');
    const host = webAddressHost(url);
    let answer: DeliveryAnswer;
    try {
      answer = await env.webAddress.send({
        url,
        body: inputText(input, 'body'),
        contentType: inputText(input, 'contentType') || 'application/json',
        headers: plannedHeaders(input.headers),
        idempotencyKey: step.id,
      });
    } catch (error) {
      if (error instanceof DeliveryRefused) throw new ActionProblem(`${error.message} Nothing was sent.`);
      if (error instanceof DeliveryNetworkError) throw new TryAgainLater(`${host} did not answer: ${error.message}.`);
      throw error;
    }
    return answerOutcome(answer, host);
  },
};

/** The step's sentence for an answer, or the error that fails the step or makes it wait. */
export function answerOutcome(answer: DeliveryAnswer, host: string): string {
  const { status } = answer;
  if (status >= 200 && status < 300) {
    const said = answer.answer.trim() ? ` It answered: ${excerpt(answer)}` : '';
    return `Sent to ${host}, which answered ${status}.${said}`;
  }
  if (status === 408 || status === 429 || status >= 500) {
    throw new TryAgainLater(`${host} answered ${status}${said(answer)}.`, answer.retryAfterMs);
  }
  if (status >= 300 && status < 400) {
    const to = answer.location ? ` to ${answer.location}` : '';
    throw new ActionProblem(
      `${host} answered ${status}, a redirect${to}, which is not followed: enter the address it points to instead.`,
    );
  }
  throw new ActionProblem(
    `${host} refused the delivery with ${status}${said(answer)}. It is not tried again by itself: put right what it objects to, then retry the run.`,
  );
}

const said = (answer: DeliveryAnswer) => (answer.answer.trim() ? `: ${excerpt(answer)}` : '');

/** The first kilobyte of the answer, marked when there was more. */
function excerpt(answer: DeliveryAnswer): string {
  const bytes = Buffer.from(answer.answer, 'utf8');
  if (bytes.length <= ANSWER_IN_LOG_BYTES && !answer.cut) return answer.answer.trim();
  return `${bytes
    .subarray(0, ANSWER_IN_LOG_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '')}… (cut)`;
}

function plannedHeaders(value: unknown): Array<{ name: string; value: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((header) =>
    header && typeof header.name === 'string' && typeof header.value === 'string'
      ? [{ name: header.name, value: header.value }]
      : [],
  );
}

function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/**
 * The JSON a delivery of the record carries: the event, the run, the business, the records the event
 * has (their ServiceM8 fields) and the merge values they give.
 */
async function recordBody(env: ActionEnv) {
  const { records } = env;
  const about = await env.webAddress.about();
  const form = records.subject.formResponseUuid ? await records.formResponse() : null;
  const job = records.subject.jobUuid || form ? await records.job() : null;
  const client = await records.client();
  const booking = about.event === 'JobIsScheduled' ? await records.booking() : null;
  const present = Object.fromEntries(
    Object.entries({ job, client, formResponse: form, booking }).filter(([, record]) => record !== null),
  );
  return {
    event: about.event,
    runId: about.runId,
    business: about.business,
    records: present,
    values: buildMergeValues({ job, client, contact: null, staff: null, booking, vendor: null }),
  };
}
