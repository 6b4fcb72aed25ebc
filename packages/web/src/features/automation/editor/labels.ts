import type { ComparisonOperator, LogicalCombiner, TargetKind, TimeUnit } from '@automate/contract';

/** The editor's words for the contract's names: a label and a line of help for each. */

type Words = { label: string; help: string };

export const TARGET_KIND_WORDS: Record<TargetKind, Words> = {
  Job: { label: 'Job', help: 'Conditions and actions work on the job.' },
  Client: { label: 'Client', help: 'Conditions and actions work on the client.' },
  CustomField: { label: 'Custom field', help: 'Conditions and actions work on the job’s custom fields.' },
  Form: { label: 'Form response', help: 'Conditions work on the submitted form and its job.' },
};

export const COMBINER_WORDS: Record<LogicalCombiner, string> = {
  And: 'All of these hold (And)',
  Or: 'Any of these holds (Or)',
};

export const TIME_UNIT_WORDS: Record<TimeUnit, string> = {
  Minute: 'minutes',
  Hour: 'hours',
  Day: 'days',
  Month: 'months',
  Year: 'years',
};

/** Operators in reading order, for the comparison selects. */
export const OPERATOR_ORDER: readonly ComparisonOperator[] = ['Eq', 'NotEq', 'Lt', 'LtEq', 'Gt', 'GtEq'];

/** `1536` → `1.5 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}
