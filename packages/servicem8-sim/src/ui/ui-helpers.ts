import type { FastifyReply } from 'fastify';
import { Sm8Error } from '../http/sm8-error.ts';
import { parseJsonStringArray } from '../objects/field-input.ts';
import type { ObjectName } from '../objects/object-types.ts';
import type { RecordStore, SimRecord } from '../objects/record-store.ts';
import { html, type RawHtml, renderPage } from './html.ts';

export function sendPage(reply: FastifyReply, title: string, body: RawHtml): FastifyReply {
  return reply.type('text/html; charset=utf-8').send(renderPage(title, body));
}

/** Runs a write from a form; on success goes to `next` (303), on a rule failure shows the sentence. */
export function submitForm(reply: FastifyReply, next: () => string, write: () => unknown): FastifyReply {
  try {
    write();
  } catch (error) {
    if (!(error instanceof Sm8Error)) throw error;
    const message =
      typeof error.body === 'object' && error.body && 'message' in error.body
        ? String(error.body.message)
        : error.message;
    return sendPage(
      reply.code(error.status),
      'Could not save',
      html`<h2>Could not save</h2><p class="error">${message}</p><p><a href="javascript:history.back()">Back</a></p>`,
    );
  }
  return reply.redirect(next(), 303);
}

export function nameOf(store: RecordStore, object: ObjectName, uuid: unknown): string {
  if (typeof uuid !== 'string' || uuid === '') return '';
  const record = store.get(object, uuid);
  if (!record) return uuid;
  return String(record.name ?? `${record.first ?? ''} ${record.last ?? ''}`.trim());
}

export function badgeChips(store: RecordStore, badges: unknown): RawHtml {
  const uuids = parseJsonStringArray(String(badges ?? '[]')) ?? [];
  return html`${uuids.map((uuid) => html`<span class="badge">${nameOf(store, 'badge', uuid)}</span>`)}`;
}

export function badgeCheckboxes(store: RecordStore, selected: unknown): RawHtml {
  const chosen = new Set(parseJsonStringArray(String(selected ?? '[]')) ?? []);
  return html`<input type="hidden" name="badges_present" value="1">${store
    .list('badge')
    .filter((badge) => badge.active === 1 || chosen.has(badge.uuid))
    .map(
      (badge) =>
        html`<label style="display:inline-block;margin-right:12px"><input type="checkbox" name="badge" value="${badge.uuid}" ${chosen.has(badge.uuid) ? 'checked' : ''}> ${badge.name}</label>`,
    )}`;
}

/** The `badges` JSON string chosen by `badgeCheckboxes`, or undefined if the form had none. */
export function badgesFromForm(fields: Record<string, unknown>): string | undefined {
  if (fields.badges_present === undefined) return undefined;
  const value = fields.badge;
  const list = value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  return JSON.stringify(list);
}

export function options(records: SimRecord[], selected: unknown, empty?: string): RawHtml {
  return html`${empty !== undefined ? html`<option value="">${empty}</option>` : ''}${records
    .filter((record) => record.active === 1 || record.uuid === selected)
    .map(
      (record) =>
        html`<option value="${record.uuid}" ${record.uuid === selected ? 'selected' : ''}>${record.name}</option>`,
    )}`;
}

export function textField(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? String(value[0] ?? '') : String(value);
}
