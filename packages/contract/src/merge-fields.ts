/**
 * The merge fields texts may use, as `{{ job.number }}`. The engine fills them from the job, its
 * client, the contact the message goes to, the job's staff, the booking a scheduling event is about
 * and the vendor; one without a value renders as empty and is noted in the run log.
 */
export const MERGE_FIELDS = [
  { name: 'job.number', description: 'The job number, e.g. 1042' },
  { name: 'job.status', description: 'Quote, Work Order, Unsuccessful or Completed' },
  { name: 'job.address', description: 'The job address' },
  { name: 'job.description', description: 'The job description' },
  { name: 'job.work_done', description: 'The work done description' },
  { name: 'job.date', description: 'The job date' },
  { name: 'job.total', description: 'The invoice total, including tax' },
  { name: 'job.po_number', description: 'The purchase order number' },
  { name: 'client.name', description: 'The client (company or person) name' },
  { name: 'client.address', description: "The client's address" },
  { name: 'contact.first_name', description: 'First name of the contact the message goes to' },
  { name: 'contact.last_name', description: 'Last name of the contact' },
  { name: 'contact.name', description: 'Full name of the contact' },
  { name: 'contact.email', description: "The contact's email address" },
  { name: 'contact.mobile', description: "The contact's mobile number" },
  { name: 'staff.first_name', description: 'First name of the staff member who created the job' },
  { name: 'staff.last_name', description: 'Last name of that staff member' },
  { name: 'staff.name', description: 'Full name of that staff member' },
  { name: 'booking.date', description: 'The day of the booked visit, e.g. Tuesday 3 March' },
  { name: 'booking.time', description: 'The time the booked visit starts, e.g. 9:30 AM' },
  { name: 'vendor.name', description: 'Your business name' },
  { name: 'vendor.sender_name', description: 'Your sender name (Account), else your business name' },
  { name: 'vendor.email', description: 'Your business email' },
  { name: 'vendor.website', description: 'Your website' },
] as const;
export type MergeFieldName = (typeof MERGE_FIELDS)[number]['name'];
/** The record a merge field is read from: the part of its name before the dot. */
export type MergeFieldGroup = MergeFieldName extends `${infer Group}.${string}` ? Group : never;

export const MERGE_FIELD_NAMES: readonly MergeFieldName[] = MERGE_FIELDS.map((field) => field.name);
export const MERGE_FIELD_GROUPS = [...new Set(MERGE_FIELD_NAMES.map(groupOf))] as readonly MergeFieldGroup[];

/** The menu headings of the merge-field pickers. */
export const MERGE_FIELD_GROUP_LABELS: Readonly<Record<MergeFieldGroup, string>> = {
  job: 'Job',
  client: 'Client',
  contact: 'Contact',
  staff: 'Staff',
  booking: 'Booking',
  vendor: 'Your business',
};

export function isMergeField(name: string): name is MergeFieldName {
  return (MERGE_FIELD_NAMES as readonly string[]).includes(name);
}

export function groupOf(name: MergeFieldName): MergeFieldGroup {
  return name.slice(0, name.indexOf('.')) as MergeFieldGroup;
}

/**
 * Names people reach for, from ServiceM8's own field names or other tools, and the merge field that
 * holds that value.
 */
const KNOWN_ALIASES: Readonly<Record<string, MergeFieldName>> = {
  'job.generated_job_id': 'job.number',
  'job.job_number': 'job.number',
  'job.id': 'job.number',
  'job.job_address': 'job.address',
  'job.job_description': 'job.description',
  'job.work_done_description': 'job.work_done',
  'job.total_invoice_amount': 'job.total',
  'job.purchase_order_number': 'job.po_number',
  'job.date_created': 'job.date',
  'company.name': 'client.name',
  'company.address': 'client.address',
  'client.company_name': 'client.name',
  'contact.first': 'contact.first_name',
  'contact.last': 'contact.last_name',
  'contact.mobile_number': 'contact.mobile',
  'contact.phone': 'contact.mobile',
  'business.name': 'vendor.name',
  'business.email': 'vendor.email',
  'business.website': 'vendor.website',
  company_name: 'vendor.name',
  'booking.start': 'booking.time',
  'booking.start_date': 'booking.date',
  'appointment.date': 'booking.date',
  'appointment.time': 'booking.time',
  'visit.date': 'booking.date',
  'visit.time': 'booking.time',
};

/** Edit distance (insertions, deletions, substitutions), for suggesting the field someone meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The merge field someone most likely meant by `name`, or null when none is close. */
export function suggestMergeField(name: string): MergeFieldName | null {
  const wanted = name.trim().toLowerCase().replace(/\s+/g, '');
  const alias = KNOWN_ALIASES[wanted];
  if (alias) return alias;
  let best: { name: MergeFieldName; distance: number } | null = null;
  for (const candidate of MERGE_FIELD_NAMES) {
    const d = distance(wanted, candidate);
    if (!best || d < best.distance) best = { name: candidate, distance: d };
  }
  // A third of the name may differ ("job.numbr", "contact.firstname"); further off is a different field.
  if (best && best.distance <= Math.max(2, Math.floor(wanted.length / 3))) return best.name;
  const [group, field] = wanted.split('.');
  // Right field, wrong record ("customer.name"): the field of that name in another record.
  const sameField = MERGE_FIELD_NAMES.find((candidate) => field && candidate.endsWith(`.${field}`));
  if (sameField && group) return sameField;
  return null;
}

/** The sentence for a name that is not a merge field: `Unknown merge field {{ x }}. Did you mean {{ job.number }}?` */
export function unknownMergeFieldMessage(name: string): string {
  const suggestion = suggestMergeField(name);
  return suggestion
    ? `{{ ${name} }} is not a merge field. Did you mean {{ ${suggestion} }}?`
    : `{{ ${name} }} is not a merge field. Use one of the fields in “Insert merge field”.`;
}

const TAG = /\{\{-?([\s\S]*?)-?\}\}|\{%-?([\s\S]*?)-?%\}/g;
const QUOTED = /"[^"]*"|'[^']*'/g;
const PATH = /[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+/g;
const BARE_NAME = /^[A-Za-z_][\w-]*$/;
/** Liquid's own objects, always there inside a loop. */
const LIQUID_OBJECTS = new Set(['forloop', 'tablerowloop']);
/** Words that are Liquid, not variables, when they stand alone in `{{ }}`. */
const LIQUID_WORDS = new Set(['true', 'false', 'nil', 'null', 'empty', 'blank']);

/**
 * The variables a text reads, each once, in order of appearance: `job.number` for `{{ job.number }}`,
 * `{{ job.number | upcase }}` or `{% if job.number %}`. Names a text sets itself (`assign`, `capture`,
 * loop variables) are left out. Whether the text is valid Liquid is not checked here.
 */
export function mergeFieldNamesIn(text: string): string[] {
  const found: string[] = [];
  const own = new Set<string>(LIQUID_OBJECTS);
  for (const match of text.matchAll(TAG)) {
    const output = match[1];
    const body = (output ?? match[2] ?? '').replace(QUOTED, '""').trim();
    if (output === undefined) {
      const [tag, name] = body.split(/\s+/);
      if ((tag === 'assign' || tag === 'capture' || tag === 'for' || tag === 'tablerow') && name) {
        own.add(name.replace(/=.*/, ''));
      }
    } else {
      const [first = ''] = body.split('|');
      const head = first.trim();
      if (BARE_NAME.test(head) && !LIQUID_WORDS.has(head) && !own.has(head)) found.push(head);
    }
    for (const path of body.matchAll(PATH)) {
      const root = path[0].slice(0, path[0].indexOf('.'));
      if (!own.has(root)) found.push(path[0]);
    }
  }
  return [...new Set(found)];
}
