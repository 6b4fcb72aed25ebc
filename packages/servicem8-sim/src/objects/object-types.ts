import { EMPTY_DATE, EMPTY_DATETIME } from '../time/account-time.ts';

/**
 * The REST object types the simulator serves, with their scopes, fields and the
 * value every field has when a record does not set it. A default's type decides how input is coerced:
 * a number default makes the field numeric (flags 0/1), a string default keeps it a string
 * (money is a decimal string, `is_primary_contact` is `"1"`/`"0"`).
 */
type FieldValue = string | number;

export type ObjectType = {
  /** Lower-case singular name used in URLs (`job`). */
  name: string;
  /** Other names accepted in URLs (`dbonote`). Matching is case-insensitive. */
  aliases: readonly string[];
  /** How webhook `resource_url`s spell the object (`Job`). */
  displayName: string;
  /** Scopes that allow each operation; holding any one of a list is enough. */
  scopes: { read: readonly string[]; create: readonly string[]; write: readonly string[] };
  /** Every field but `uuid`, `active` and `edit_date`, with its default. */
  fields: Readonly<Record<string, FieldValue>>;
  readOnly: readonly string[];
  required: readonly string[];
  enums: Readonly<Record<string, readonly string[]>>;
  /** Fields holding a JSON-encoded array of strings (`badges`). */
  jsonStringArrays: readonly string[];
  /** False for history objects that only the platform writes (`sms`, `email`). */
  writable: boolean;
  /** The fields `$filter` may name, when not every field (the message history documents three). */
  filterable?: readonly string[];
};

export const JOB_STATUSES = ['Quote', 'Work Order', 'Unsuccessful', 'Completed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

type ObjectTypeInput = Omit<
  ObjectType,
  'aliases' | 'readOnly' | 'required' | 'enums' | 'jsonStringArrays' | 'writable'
> &
  Partial<Pick<ObjectType, 'aliases' | 'readOnly' | 'required' | 'enums' | 'jsonStringArrays' | 'writable'>>;

function defineObjectType(input: ObjectTypeInput): ObjectType {
  return {
    aliases: [],
    readOnly: [],
    required: [],
    enums: {},
    jsonStringArrays: [],
    writable: true,
    ...input,
  };
}

/** The usual scopes of an object: `read_{noun}` or `manage_{noun}` reads it, `manage_{noun}` creates and writes it. */
function readOrManage(noun: string): ObjectType['scopes'] {
  return { read: [`read_${noun}`, `manage_${noun}`], create: [`manage_${noun}`], write: [`manage_${noun}`] };
}

const job = defineObjectType({
  name: 'job',
  displayName: 'Job',
  scopes: { read: ['read_jobs', 'manage_jobs'], create: ['create_jobs', 'manage_jobs'], write: ['manage_jobs'] },
  fields: {
    status: '',
    generated_job_id: '',
    date: EMPTY_DATE,
    created_by_staff_uuid: '',
    company_uuid: '',
    category_uuid: '',
    job_address: '',
    billing_address: '',
    lat: 0,
    lng: 0,
    geo_is_valid: 0,
    geo_number: '',
    geo_street: '',
    geo_city: '',
    geo_state: '',
    geo_postcode: '',
    geo_country: '',
    job_description: '',
    work_done_description: '',
    purchase_order_number: '',
    queue_uuid: '',
    queue_expiry_date: EMPTY_DATETIME,
    queue_assigned_staff_uuid: '',
    badges: '[]',
    quote_date: EMPTY_DATETIME,
    work_order_date: EMPTY_DATETIME,
    completion_date: EMPTY_DATETIME,
    unsuccessful_date: EMPTY_DATETIME,
    quote_sent: 0,
    quote_sent_stamp: EMPTY_DATETIME,
    invoice_sent: 0,
    invoice_sent_stamp: EMPTY_DATETIME,
    total_invoice_amount: '0.00',
    payment_processed: 0,
    payment_processed_stamp: EMPTY_DATETIME,
    payment_received: 0,
    payment_received_stamp: EMPTY_DATETIME,
    completion_actioned_by_uuid: '',
    job_is_scheduled_until_stamp: EMPTY_DATETIME,
    edit_by_staff_uuid: '',
  },
  readOnly: [
    'generated_job_id',
    'lat',
    'lng',
    'geo_is_valid',
    'geo_number',
    'geo_street',
    'geo_city',
    'geo_state',
    'geo_postcode',
    'geo_country',
    'quote_sent_stamp',
    'invoice_sent_stamp',
    'total_invoice_amount',
    'payment_processed_stamp',
    'payment_received_stamp',
    'completion_actioned_by_uuid',
    'job_is_scheduled_until_stamp',
    'edit_by_staff_uuid',
  ],
  required: ['status'],
  enums: { status: JOB_STATUSES },
  jsonStringArrays: ['badges'],
});

const company = defineObjectType({
  name: 'company',
  displayName: 'Company',
  scopes: {
    read: ['read_customers', 'manage_customers'],
    create: ['manage_customers', 'create_clients'],
    write: ['manage_customers'],
  },
  fields: {
    name: '',
    address: '',
    address_street: '',
    address_city: '',
    address_state: '',
    address_postcode: '',
    address_country: '',
    billing_address: '',
    billing_attention: '',
    payment_terms: '',
    website: '',
    fax_number: '',
    abn_number: '',
    tax_rate_uuid: '',
    badges: '[]',
    is_individual: 0,
    parent_company_uuid: '',
    edit_by_staff_uuid: '',
  },
  readOnly: ['is_individual', 'edit_by_staff_uuid'],
  required: ['name'],
  jsonStringArrays: ['badges'],
});

const contactFields = {
  first: '',
  last: '',
  phone: '',
  mobile: '',
  email: '',
  type: '',
  is_primary_contact: '0',
  edit_by_staff_uuid: '',
};

/** A contact of a client (`company_uuid`) or of a job (`job_uuid`): the same fields, its own scopes. */
function contactType(name: string, displayName: string, parent: string, scopes: string): ObjectType {
  return defineObjectType({
    name,
    displayName,
    scopes: readOrManage(scopes),
    fields: { [parent]: '', ...contactFields },
    readOnly: ['edit_by_staff_uuid'],
    required: [parent],
  });
}

const companycontact = contactType('companycontact', 'CompanyContact', 'company_uuid', 'customer_contacts');
const jobcontact = contactType('jobcontact', 'JobContact', 'job_uuid', 'job_contacts');

const badge = defineObjectType({
  name: 'badge',
  displayName: 'Badge',
  scopes: { read: ['manage_badges'], create: ['manage_badges'], write: ['manage_badges'] },
  fields: {
    name: '',
    automatically_allocated: 0,
    file_name: '',
    regarding_form_uuid: '',
    regarding_asset_type_uuid: '',
  },
  required: ['name'],
});

const queue = defineObjectType({
  name: 'queue',
  displayName: 'Queue',
  scopes: readOrManage('job_queues'),
  fields: { name: '', default_timeframe: 0, subscribed_staff: '', requires_assignment: 0 },
  required: ['name'],
});

const category = defineObjectType({
  name: 'category',
  displayName: 'Category',
  scopes: readOrManage('job_categories'),
  fields: { name: '', colour: '' },
  required: ['name'],
});

const jobactivity = defineObjectType({
  name: 'jobactivity',
  displayName: 'JobActivity',
  scopes: readOrManage('schedule'),
  fields: {
    job_uuid: '',
    staff_uuid: '',
    start_date: EMPTY_DATETIME,
    end_date: EMPTY_DATETIME,
    activity_was_scheduled: 0,
    activity_was_recorded: 0,
    activity_was_automated: 0,
    has_been_opened: 0,
    has_been_opened_timestamp: EMPTY_DATETIME,
    travel_time_in_seconds: 0,
    travel_distance_in_meters: 0,
    material_uuid: '',
    allocated_by_staff_uuid: '',
    allocated_timestamp: EMPTY_DATETIME,
    edit_by_staff_uuid: '',
  },
  readOnly: ['edit_by_staff_uuid'],
  required: ['job_uuid'],
});

const note = defineObjectType({
  name: 'note',
  aliases: ['dbonote'],
  displayName: 'Note',
  scopes: {
    read: ['read_job_notes', 'publish_job_notes'],
    create: ['publish_job_notes'],
    write: ['publish_job_notes'],
  },
  fields: {
    related_object: '',
    related_object_uuid: '',
    note: '',
    action_required: 0,
    action_completed_by_staff_uuid: '',
    create_date: EMPTY_DATETIME,
    edit_by_staff_uuid: '',
  },
  readOnly: ['edit_by_staff_uuid'],
});

const attachment = defineObjectType({
  name: 'attachment',
  aliases: ['dboattachment'],
  displayName: 'Attachment',
  scopes: {
    read: ['read_attachments', 'manage_attachments', 'read_job_attachments', 'publish_job_attachments'],
    create: ['manage_attachments', 'publish_job_attachments', 'publish_job_photos'],
    write: ['manage_attachments', 'publish_job_attachments'],
  },
  fields: {
    related_object: '',
    related_object_uuid: '',
    attachment_name: '',
    file_type: '',
    attachment_source: '',
    tags: '',
    lat: 0,
    lng: 0,
    photo_width: 0,
    photo_height: 0,
    extracted_info: '',
    is_favourite: 0,
    class_name: '',
    metadata: '',
    created_by_staff_uuid: '',
    timestamp: EMPTY_DATETIME,
    edit_by_staff_uuid: '',
  },
  readOnly: ['photo_width', 'photo_height', 'extracted_info', 'class_name', 'edit_by_staff_uuid'],
});

const jobmaterial = defineObjectType({
  name: 'jobmaterial',
  displayName: 'JobMaterial',
  scopes: readOrManage('job_materials'),
  fields: {
    job_uuid: '',
    material_uuid: '',
    name: '',
    quantity: '',
    price: '0.00',
    displayed_amount: '0.00',
    displayed_amount_is_tax_inclusive: 0,
    cost: '0.00',
    displayed_cost: '0.00',
    tax_rate_uuid: '',
    sort_order: 0,
    job_material_bundle_uuid: '',
    edit_by_staff_uuid: '',
  },
  readOnly: ['edit_by_staff_uuid'],
  required: ['job_uuid', 'quantity'],
});

const material = defineObjectType({
  name: 'material',
  displayName: 'Material',
  scopes: readOrManage('inventory'),
  fields: {
    name: '',
    item_number: '',
    item_description: '',
    use_description_for_invoicing: 0,
    price: '0.00',
    cost: '0.00',
    price_includes_taxes: 0,
    tax_rate_uuid: '',
    barcode: '',
    quantity_in_stock: '0',
    item_is_inventoried: 0,
  },
  required: ['name'],
});

const form = defineObjectType({
  name: 'form',
  displayName: 'Form',
  scopes: readOrManage('forms'),
  fields: {
    name: '',
    document_template_uuid: '',
    can_be_used_independently: 0,
    badge_mandatory_state: 0,
    badge_name: '',
    template_fields: '[]',
  },
  required: ['name'],
});

const formfield = defineObjectType({
  name: 'formfield',
  displayName: 'FormField',
  scopes: readOrManage('forms'),
  fields: { form_uuid: '', name: '', field_data_json: '{}', sort_order: 0 },
  required: ['form_uuid'],
});

const formresponse = defineObjectType({
  name: 'formresponse',
  displayName: 'FormResponse',
  scopes: readOrManage('forms'),
  fields: {
    form_uuid: '',
    staff_uuid: '',
    form_by_staff_uuid: '',
    regarding_object: '',
    regarding_object_uuid: '',
    field_data: '[]',
    timestamp: EMPTY_DATETIME,
    document_attachment_uuid: '',
    asset_uuid: '',
  },
  required: ['form_uuid'],
});

const staff = defineObjectType({
  name: 'staff',
  displayName: 'Staff',
  scopes: readOrManage('staff'),
  fields: {
    first: '',
    last: '',
    email: '',
    mobile: '',
    job_title: '',
    color: '',
    status_message: '',
    status_message_timestamp: EMPTY_DATETIME,
    hide_from_schedule: 0,
    lat: 0,
    lng: 0,
    geo_timestamp: EMPTY_DATETIME,
    navigating_to_job_uuid: '',
    navigating_timestamp: EMPTY_DATETIME,
    navigating_expiry_timestamp: EMPTY_DATETIME,
    can_receive_push_notification: 0,
    security_role_uuid: '',
    labour_material_uuid: '',
  },
  required: ['email'],
});

const jobpayment = defineObjectType({
  name: 'jobpayment',
  displayName: 'JobPayment',
  scopes: readOrManage('job_payments'),
  fields: {
    job_uuid: '',
    actioned_by_uuid: '',
    timestamp: EMPTY_DATETIME,
    amount: '0.00',
    method: '',
    note: '',
    attachment_uuid: '',
    is_deposit: 0,
  },
  readOnly: ['is_deposit'],
  required: ['job_uuid'],
});

const vendor = defineObjectType({
  name: 'vendor',
  displayName: 'Vendor',
  scopes: { read: ['vendor'], create: [], write: [] },
  fields: {
    name: '',
    abn_number: '',
    business_number: '',
    website: '',
    email: '',
    email_accounts: '',
    billing_address: '',
    default_region: '',
    currency: '',
    timezone_name: '',
    invoice_terms: '',
    job_default_status: 'Quote',
    opening_time_monday: 0,
    closing_time_monday: 0,
    opening_time_tuesday: 0,
    closing_time_tuesday: 0,
    opening_time_wednesday: 0,
    closing_time_wednesday: 0,
    opening_time_thursday: 0,
    closing_time_thursday: 0,
    opening_time_friday: 0,
    closing_time_friday: 0,
    opening_time_saturday: 0,
    closing_time_saturday: 0,
    opening_time_sunday: 0,
    closing_time_sunday: 0,
  },
  writable: false,
});

/** The only fields the message history can be filtered on. */
const HISTORY_FILTERABLE = ['direction', 'related_object', 'related_object_uuid'] as const;

/** Read-only message history (May 2026); field names beyond the filterable ones are guesses. */
const historyFields = {
  direction: '',
  related_object: '',
  related_object_uuid: '',
  staff_uuid: '',
  timestamp: EMPTY_DATETIME,
};

const sms = defineObjectType({
  name: 'sms',
  displayName: 'Sms',
  scopes: { read: ['read_sms'], create: [], write: [] },
  fields: { ...historyFields, to: '', message: '' },
  writable: false,
  filterable: HISTORY_FILTERABLE,
});

const email = defineObjectType({
  name: 'email',
  displayName: 'Email',
  scopes: { read: ['read_email'], create: [], write: [] },
  fields: {
    ...historyFields,
    to: '',
    cc: '',
    reply_to: '',
    subject: '',
    html_body: '',
    text_body: '',
    attachments: '[]',
  },
  writable: false,
  filterable: HISTORY_FILTERABLE,
});

export const OBJECT_TYPES = [
  job,
  company,
  companycontact,
  jobcontact,
  badge,
  queue,
  category,
  jobactivity,
  note,
  attachment,
  jobmaterial,
  material,
  form,
  formfield,
  formresponse,
  staff,
  jobpayment,
  vendor,
  sms,
  email,
] as const;

export type ObjectName = (typeof OBJECT_TYPES)[number]['name'];

const byName = new Map<string, ObjectType>();
for (const type of OBJECT_TYPES) {
  byName.set(type.name, type);
  for (const alias of type.aliases) byName.set(alias, type);
}

/** The object type for a URL name, case-insensitively (`Job`, `dbonote`), or undefined. */
export function findObjectType(urlName: string): ObjectType | undefined {
  return byName.get(urlName.toLowerCase());
}

export function objectType(name: ObjectName): ObjectType {
  const type = byName.get(name);
  if (!type) throw new Error(`unknown object type ${name}`);
  return type;
}

/** Whether `$filter` may name the field. */
export function isFilterable(type: ObjectType, field: string): boolean {
  return hasField(type, field) && (type.filterable === undefined || type.filterable.includes(field));
}

/** True when `field` exists on records of `type` (common fields included). */
export function hasField(type: ObjectType, field: string): boolean {
  return field === 'uuid' || field === 'active' || field === 'edit_date' || Object.hasOwn(type.fields, field);
}
