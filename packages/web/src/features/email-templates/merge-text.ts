import type { MergeFieldName } from '@automate/contract';

/**
 * Merge fields in email texts, on the client: the sample job the preview is filled with, rendering a
 * text with it, and putting `{{ field }}` at the cursor. The server renders real emails with Liquid;
 * this preview is deliberately simpler (see `renderPreview`).
 */

/** A made-up job used by the preview, so people see how a text reads once merged. */
export const SAMPLE_MERGE_VALUES: Readonly<Record<MergeFieldName, string>> = {
  'job.number': '1042',
  'job.status': 'Work Order',
  'job.address': '12 Harbour View Road, Devonport, Auckland 0624',
  'job.description': 'Replace the hot water cylinder',
  'job.work_done': 'Replaced the 180 L cylinder and tested the pressure valves.',
  'job.date': '2026-03-14',
  'job.total': '1840.00',
  'job.po_number': 'PO-7781',
  'client.name': 'Harbour Cafe Ltd',
  'client.address': '3 Wharf Street, Devonport, Auckland 0624',
  'contact.first_name': 'Aroha',
  'contact.last_name': 'Ngata',
  'contact.name': 'Aroha Ngata',
  'contact.email': 'aroha@harbourcafe.example',
  'contact.mobile': '021 555 0123',
  'staff.first_name': 'Sam',
  'staff.last_name': 'Lee',
  'staff.name': 'Sam Lee',
  'booking.date': 'Monday 16 March',
  'booking.time': '9:30 AM',
  'vendor.name': 'Your business',
  'vendor.sender_name': 'Your business',
  'vendor.email': 'hello@yourbusiness.example',
  'vendor.website': 'www.yourbusiness.example',
};

/** The sample values with the business's own name (also its sender name here), when known. */
export function sampleValuesFor(vendorName: string | null | undefined): Readonly<Record<string, string>> {
  const name = vendorName?.trim();
  return name ? { ...SAMPLE_MERGE_VALUES, 'vendor.name': name, 'vendor.sender_name': name } : SAMPLE_MERGE_VALUES;
}

/** A piece of a rendered preview: plain text, a merge field filled with its sample, or an unknown field. */
type PreviewPart =
  | { kind: 'text'; text: string }
  | { kind: 'field'; name: string; text: string }
  | { kind: 'unknown'; name: string; text: string };

export type Preview = {
  parts: PreviewPart[];
  /** Unknown field names, each once, in order of appearance (the server refuses to save them). */
  unknown: string[];
};

/** `{{ name }}`, `{{name}}`, `{{ name | upcase }}`: the name before any filter, spaces trimmed. */
const MERGE_TAG = /\{\{\s*([^{}|]*?)\s*(?:\|[^{}]*)?\}\}/g;

/**
 * Renders `text` with `sampleValues`: each `{{ name }}` (spaces optional, any `| filter` ignored) becomes
 * the sample value of `name`; a name without a sample value is left as written and reported as unknown.
 * Liquid tags (`{% if %}`) and filters are not evaluated: this is a preview, not the email itself.
 */
export function renderPreview(text: string, sampleValues: Readonly<Record<string, string>>): Preview {
  const parts: PreviewPart[] = [];
  const unknown: string[] = [];
  const pushText = (piece: string) => {
    if (piece === '') return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  let from = 0;
  for (const match of text.matchAll(MERGE_TAG)) {
    const [tag, rawName = ''] = match;
    const name = rawName.trim();
    pushText(text.slice(from, match.index));
    from = match.index + tag.length;
    if (Object.hasOwn(sampleValues, name)) {
      parts.push({ kind: 'field', name, text: sampleValues[name] ?? '' });
    } else {
      parts.push({ kind: 'unknown', name, text: tag });
      if (!unknown.includes(name)) unknown.push(name);
    }
  }
  pushText(text.slice(from));
  return { parts, unknown };
}

/** The preview as plain text. */
export function previewText(preview: Preview): string {
  return preview.parts.map((part) => part.text).join('');
}
