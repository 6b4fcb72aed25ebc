import type { FormAnswer, FormResponseFacts, NameLookup } from './evaluation-context.ts';

/**
 * Reading form answers leniently: ServiceM8 does not document the shape of `field_data`, so a field
 * is found by its uuid, else by its name; values are read as text, numbers, dates or lists of choices.
 */

/** The answer to a field: by `field_uuid`, else by the field's name (from the name lookup) case-insensitively. */
export function findAnswer(
  response: FormResponseFacts,
  fieldUuid: string,
  names: NameLookup | null | undefined,
): FormAnswer | undefined {
  const fields = response.fields ?? [];
  const byUuid = fields.find((answer) => sameText(answer.field_uuid, fieldUuid));
  if (byUuid) return byUuid;
  const name = names?.formFields?.[fieldUuid];
  return name ? fields.find((answer) => !answer.field_uuid && sameText(answer.name, name)) : undefined;
}

/** The answer as one line of text; an empty answer is ''. */
export function readAnswerText(value: FormAnswer['value']): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value).trim();
}

/** A number answer; '' or text that is not a number reads as null (missing). */
export function readAnswerNumber(value: FormAnswer['value']): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const written = readAnswerText(value);
  if (written === '') return null;
  // Thousands separators (1,250.50) are dropped; any other comma leaves the text unreadable as a number.
  const content = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(written) ? written.replace(/,/g, '') : written;
  const number = Number(content);
  return Number.isFinite(number) ? number : null;
}

/**
 * A date answer as YYYY-MM-DD: the date part of `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`. Anything else
 * (including ServiceM8's empty `0000-00-00`) reads as null (missing).
 */
export function readAnswerDate(value: FormAnswer['value']): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[ T])/.exec(readAnswerText(value));
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year > 0 ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/**
 * The chosen answers: a list as it is; text holding a JSON array as that array; other text split on
 * new lines, semicolons, pipes and commas. Empty entries are dropped.
 */
export function readAnswerChoices(value: FormAnswer['value']): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => String(item).trim()).filter(Boolean);
  const content = String(value).trim();
  if (content.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(content);
      if (Array.isArray(parsed)) return parsed.map((item) => String(item).trim()).filter(Boolean);
    } catch {
      // not JSON: read as text
    }
  }
  return content
    .split(/\r?\n|[;|,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Text equality that ignores case and surrounding spaces. */
export function sameText(left: string | null | undefined, right: string | null | undefined): boolean {
  if (left === null || left === undefined || right === null || right === undefined) return false;
  return left.trim().toLowerCase() === right.trim().toLowerCase();
}
