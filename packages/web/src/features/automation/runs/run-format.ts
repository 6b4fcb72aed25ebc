/** `2026-03-03` (the local day of a date input) → the start of that day, local time; null when blank or bad. */
export function startOfLocalDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The last millisecond of a local day given as `2026-03-03`. */
export function endOfLocalDay(day: string): Date | null {
  const start = startOfLocalDay(day);
  if (!start) return null;
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  end.setMilliseconds(-1);
  return end;
}

/** A timestamp → its local day as a date input shows it (`2026-03-03`); blank when it does not parse. */
export function toLocalDayInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A step input's value as text: lists joined, records as JSON. */
export function formatInputValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.map((item) => String(item)).join(', ');
  }
  return JSON.stringify(value, null, 2);
}
