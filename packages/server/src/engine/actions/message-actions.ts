import { z } from 'zod';
import type { Sm8Record } from '../events/derive-events.ts';
import { pickContact } from '../records/pick-contact.ts';
import { text } from '../records/run-records.ts';
import {
  type ActionEnv,
  type ActionExecutor,
  ActionProblem,
  inputText,
  jobLabel,
  plannedJob,
} from './action-executor.ts';
import { alreadyInDiary } from './message-diary.ts';

/**
 * Email and SMS through the vendor's own ServiceM8 messaging (`platform_service_email` /
 * `platform_service_sms`), with `regardingJobUUID` so they land in the job diary. A message is
 * not idempotent, so a resumed step first looks for it in the job diary (`message-diary.ts`) and, when
 * the diary cannot tell, ends Uncertain rather than send it again.
 */

type Audience = 'job' | 'client';
const AnyRecord = z.record(z.string(), z.unknown());
const E164 = /^\+[1-9]\d{6,14}$/;

function contactName(contact: Sm8Record): string {
  return [text(contact.first), text(contact.last)].filter(Boolean).join(' ');
}

function noAddress(audience: Audience, what: 'an email address' | 'a mobile number'): ActionProblem {
  return new ActionProblem(
    audience === 'client'
      ? `The client has no contact with ${what}.`
      : `The job has no contact with ${what}, and neither has its client.`,
    'missing-contact',
  );
}

/**
 * Every automated email ends with a visible link to the public page where its recipient stops them
 * (the line is part of the plan, so the job diary check of a resumed step finds the same text).
 */
async function withUnsubscribeLine(body: string, contact: Sm8Record, to: string, env: ActionEnv): Promise<string> {
  const link = await env.unsubscribeLink({ name: contactName(contact), email: to });
  return link ? `${body}\n\n--\nTo stop automated emails from us, unsubscribe: ${link}` : body;
}

function recipientLabel(contact: Sm8Record, address: string): string {
  const name = contactName(contact);
  return name ? `${name} <${address}>` : address;
}

async function resolveEmailTexts(
  params: { subject: string; body: string; emailTemplateId?: string | undefined },
  env: ActionEnv,
): Promise<{ subject: string; body: string }> {
  if (!params.emailTemplateId) return { subject: params.subject, body: params.body };
  const template = await env.emailTemplate(params.emailTemplateId);
  if (!template)
    throw new ActionProblem(
      'The email template chosen for this action was deleted; choose another one.',
      'missing-template',
    );
  return template;
}

function sendEmailAction<T extends 'Job_SendEmail' | 'JobClient_SendEmail'>(audience: Audience): ActionExecutor<T> {
  return {
    async plan(params, env) {
      const contact = await pickContact(env.records, audience, 'email');
      if (!contact) throw noAddress(audience, 'an email address');
      const texts = await resolveEmailTexts(params, env);
      const subject = await env.render(texts.subject, contact);
      const body = await env.render(texts.body, contact);
      const to = text(contact.email);
      const fullBody = await withUnsubscribeLine(body.text, contact, to, env);
      return {
        input: { to, subject: subject.text, body: fullBody, jobUuid: text((await env.records.job())?.uuid) },
        description: `Email ${recipientLabel(contact, to)}: "${subject.text}"`,
        missingMergeFields: [...new Set([...subject.missing, ...body.missing])],
      };
    },
    async perform(input, env, resumed) {
      const to = inputText(input, 'to');
      const subject = inputText(input, 'subject');
      const body = inputText(input, 'body');
      const jobUuid = inputText(input, 'jobUuid');
      if (resumed && (await alreadyInDiary(env, 'email', jobUuid, { recipient: to, subject, text: body }))) {
        return `The email "${subject}" to ${to} had already been sent.`;
      }
      await env.client.sendEmail({ to, subject, textBody: body, ...(jobUuid ? { regardingJobUUID: jobUuid } : {}) });
      return `Sent the email "${subject}" to ${to}${jobUuid ? '; it is in the job diary' : ''}.`;
    },
  };
}

function sendTextAction<T extends 'Job_SendText' | 'JobClient_SendText'>(audience: Audience): ActionExecutor<T> {
  return {
    async plan({ message }, env) {
      const contact = await pickContact(env.records, audience, 'mobile');
      if (!contact) throw noAddress(audience, 'a mobile number');
      const to = text(contact.mobile).replace(/[\s()-]/g, '');
      if (!E164.test(to)) {
        throw new ActionProblem(
          `The mobile number ${text(contact.mobile)} of ${contactName(contact) || 'the contact'} is not in international format (such as +61412345678); correct it in ServiceM8.`,
          'missing-contact',
        );
      }
      const rendered = await env.render(message, contact);
      return {
        input: { to, message: rendered.text, jobUuid: text((await env.records.job())?.uuid) },
        description: `Text ${recipientLabel(contact, to)}: "${rendered.text}"`,
        missingMergeFields: rendered.missing,
      };
    },
    async perform(input, env, resumed) {
      const to = inputText(input, 'to');
      const message = inputText(input, 'message');
      const jobUuid = inputText(input, 'jobUuid');
      if (resumed && (await alreadyInDiary(env, 'sms', jobUuid, { recipient: to, text: message }))) {
        return `The text to ${to} had already been sent.`;
      }
      await env.client.sendSms({ to, message, ...(jobUuid ? { regardingJobUUID: jobUuid } : {}) });
      return `Sent the text message to ${to}${jobUuid ? '; it is in the job diary' : ''}.`;
    },
  };
}

export const sendJobEmail = sendEmailAction<'Job_SendEmail'>('job');
export const sendClientEmail = sendEmailAction<'JobClient_SendEmail'>('client');
export const sendJobText = sendTextAction<'Job_SendText'>('job');
export const sendClientText = sendTextAction<'JobClient_SendText'>('client');

/**
 * Attaches an uploaded file to the job (an attachment record with the planned uuid, then its bytes)
 * and emails it to the job contact with the attachment, so both show in the job diary.
 */
export const sendAttachment: ActionExecutor<'Job_SendAttachment'> = {
  async plan({ attachmentId, subject, body }, env) {
    const job = await env.records.job();
    if (!job) throw new ActionProblem('This run has no job to attach the file to.');
    const file = await env.attachment(attachmentId);
    if (!file)
      throw new ActionProblem('The file for this action was removed; upload it again in the trigger.', 'missing-file');
    const contact = await pickContact(env.records, 'job', 'email');
    if (!contact) throw noAddress('job', 'an email address');
    const renderedSubject = await env.render(subject, contact);
    const renderedBody = await env.render(body, contact);
    const to = text(contact.email);
    return {
      input: {
        jobUuid: text(job.uuid),
        job: jobLabel(job),
        attachmentId,
        attachmentUuid: env.newUuid(),
        fileName: file.fileName,
        to,
        subject: renderedSubject.text,
        body: await withUnsubscribeLine(renderedBody.text, contact, to, env),
      },
      description: `Attach "${file.fileName}" to ${jobLabel(job)} and email it to ${recipientLabel(contact, to)}: "${renderedSubject.text}"`,
      missingMergeFields: [...new Set([...renderedSubject.missing, ...renderedBody.missing])],
    };
  },
  async perform(input, env, resumed) {
    const attachmentUuid = inputText(input, 'attachmentUuid');
    const fileName = inputText(input, 'fileName');
    const file = await env.attachment(inputText(input, 'attachmentId'));
    if (!file)
      throw new ActionProblem('The file for this action was removed; upload it again in the trigger.', 'missing-file');
    if (!(await env.client.get('attachment', attachmentUuid, AnyRecord))) {
      const dot = fileName.lastIndexOf('.');
      await env.client.create('attachment', {
        uuid: attachmentUuid,
        related_object: 'job',
        related_object_uuid: inputText(input, 'jobUuid'),
        attachment_name: fileName.slice(0, 127),
        file_type: dot > 0 ? fileName.slice(dot).toLowerCase() : '',
      });
    }
    // Uploading the same bytes again is harmless, so the file is always (re)sent.
    await env.client.uploadAttachmentFile(attachmentUuid, file);
    const to = inputText(input, 'to');
    const subject = inputText(input, 'subject');
    const body = inputText(input, 'body');
    const jobUuid = inputText(input, 'jobUuid');
    const expected = { recipient: to, subject, attachments: attachmentUuid };
    if (resumed && (await alreadyInDiary(env, 'email', jobUuid, expected))) {
      return `"${fileName}" had already been attached to ${plannedJob(input)} and emailed to ${to}.`;
    }
    await env.client.sendEmail({
      to,
      subject,
      textBody: body,
      regardingJobUUID: jobUuid,
      attachments: [attachmentUuid],
    });
    return `Attached "${fileName}" to ${plannedJob(input)} and emailed it to ${to}.`;
  },
};
