import { formatDateTimeIn } from '../time/account-time.ts';
import type { SeedData } from './seed-data.ts';
import { SEED_IDS, SEED_STAFF_EMAILS } from './seed-ids.ts';

export const DEMO_TIME_ZONE = 'Australia/Sydney';

type Fields = Record<string, unknown>;
type StaffKey = keyof typeof SEED_IDS.staff;

const { staff, badges, queues, categories, forms } = SEED_IDS;
const COMPANIES = Object.values(SEED_IDS.companies);
const JOBS = Object.values(SEED_IDS.jobs);
const company = (n: number) => COMPANIES[n] ?? '';
const job = (n: number) => JOBS[n] ?? '';
const material = (n: number) => SEED_IDS.materials[n] ?? '';
const formField = (n: number) => SEED_IDS.formFields[n] ?? '';
const badgeList = (...uuids: string[]) => JSON.stringify(uuids);
/** The value with a key only when it is given: fields a record leaves out keep their defaults. */
const only = <T>(key: string, value: T | undefined): Fields => (value === undefined ? {} : { [key]: value });
/** Amounts on a job include 10% GST. */
const withGst = (quantity: string, price: string) => (Number(quantity) * Number(price) * 1.1).toFixed(2);

const VENDOR = {
  uuid: SEED_IDS.vendor,
  name: 'Harbour Plumbing & Gas',
  abn_number: '51 824 753 556',
  business_number: '',
  website: 'https://harbourplumbing.example.com',
  // The account's email is its owner's login, as when the owner signed up.
  email: SEED_STAFF_EMAILS.owner,
  email_accounts: 'office@harbourplumbing.example.com',
  billing_address: '14 Wharf Road, Balmain NSW 2041',
  default_region: 'AU',
  currency: 'AUD',
  timezone_name: DEMO_TIME_ZONE,
  invoice_terms: 'Payment due within 14 days',
  job_default_status: 'Quote',
  ...Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((day) => [
      [`opening_time_${day}`, 420],
      [`closing_time_${day}`, 1020],
    ]),
  ),
  opening_time_saturday: 480,
  closing_time_saturday: 720,
};

/** The staff, owner first: who (their id and login), name, job title, colour and what else they set. */
const STAFF_ROWS: ReadonlyArray<[StaffKey, string, string, string, string, Fields]> = [
  ['owner', 'Olivia', 'Harper', 'Owner', '#1565C0', { can_receive_push_notification: 1 }],
  ['plumber', 'Sam', 'Nguyen', 'Licensed Plumber', '#2E7D32', { can_receive_push_notification: 1 }],
  ['office', 'Priya', 'Patel', 'Office Manager', '#6A1B9A', { hide_from_schedule: 1 }],
  ['apprentice', 'Jack', 'Wilson', 'Apprentice Plumber', '#EF6C00', {}],
];
const STAFF = STAFF_ROWS.map(([key, first, last, job_title, color, more], index) => ({
  uuid: staff[key],
  first,
  last,
  email: SEED_STAFF_EMAILS[key],
  mobile: `+6141200010${index + 1}`,
  job_title,
  color,
  ...more,
}));
const OWNER = STAFF[0] ?? {};

/** The clients, in the order of their ids: name, street, suburb and postcode (NSW), and what else they set. */
const CLIENT_ROWS: ReadonlyArray<[string, string, string, string, Fields]> = [
  ['Emma Ellis', '22 Rosebank Street', 'Glebe', '2037', { is_individual: 1, payment_terms: 'COD' }],
  [
    'Harbourside Property Management',
    'Level 3, 88 Pitt Street',
    'Sydney',
    '2000',
    {
      billing_address: 'PO Box 1120, Sydney NSW 2001',
      billing_attention: 'Accounts Payable',
      payment_terms: '30 days',
      website: 'https://harbourside-pm.example.com',
      abn_number: '33 102 417 032',
      badges: badgeList(badges.vip),
    },
  ],
  ['Bondi Beach Cafe', '150 Campbell Parade', 'Bondi Beach', '2026', { payment_terms: '14 days' }],
  [
    'Northshore Dental Clinic',
    '5 Albert Avenue',
    'Chatswood',
    '2067',
    { payment_terms: '14 days', badges: badgeList(badges.vip) },
  ],
  ['Greenway Strata Services', '41 Victoria Road', 'Parramatta', '2150', { payment_terms: '30 days' }],
  ['Wei Chen', '9 Jacaranda Close', 'Epping', '2121', { is_individual: 1, payment_terms: 'COD' }],
];
const clientAddress = (n: number) => {
  const [, street, city, postcode] = CLIENT_ROWS[n] ?? [];
  return `${street}, ${city} NSW ${postcode}`;
};
const CLIENTS = CLIENT_ROWS.map(([name, street, city, postcode, more], n) => ({
  uuid: company(n),
  name,
  address: clientAddress(n),
  address_street: street,
  address_city: city,
  address_state: 'NSW',
  address_postcode: postcode,
  address_country: 'Australia',
  ...more,
}));

/** The clients' contacts, in the order of their ids: client, name, phone numbers, email, type, primary. */
const CONTACT_ROWS: ReadonlyArray<[number, string, string, Fields, string, string, boolean]> = [
  [0, 'Emma', 'Ellis', { mobile: '+61411555201' }, 'emma.ellis@example.net', 'JOB', true],
  [
    1,
    'Liam',
    'Brooks',
    { phone: '+61292223344', mobile: '+61411555202' },
    'liam.brooks@harbourside-pm.example.com',
    'JOB',
    true,
  ],
  [1, 'Accounts', 'Payable', { phone: '+61292223300' }, 'accounts@harbourside-pm.example.com', 'BILLING', false],
  [2, 'Marco', 'Rossi', { mobile: '+61411555203' }, 'marco@bondibeachcafe.example.com', 'JOB', true],
  [3, 'Aisha', 'Khan', { phone: '+61294115566' }, 'dr.khan@northshoredental.example.com', 'JOB', true],
  [3, 'Reception', '', { phone: '+61294115500' }, 'reception@northshoredental.example.com', 'BILLING', false],
  [4, 'Tom', 'Fraser', { mobile: '+61411555204' }, 'tom.fraser@greenwaystrata.example.com', 'JOB', true],
  [5, 'Wei', 'Chen', { mobile: '+61411555205' }, 'wei.chen@example.net', 'JOB', true],
  [5, 'Lin', 'Chen', { mobile: '+61411555206' }, 'lin.chen@example.net', 'BILLING', false],
];
const CONTACTS = CONTACT_ROWS.map(([client, first, last, phones, email, type, primary], index) => ({
  uuid: SEED_IDS.contacts[index],
  company_uuid: company(client),
  first,
  last,
  ...phones,
  email,
  type,
  ...only('is_primary_contact', primary ? '1' : undefined),
}));

/** A job's contact: a client contact's name, mobile and email, with its role on the job. */
const JOB_CONTACT_ROWS: ReadonlyArray<[number, number, string]> = [
  [0, 0, 'JOB'],
  [1, 1, 'Property Manager'],
  [1, 2, 'BILLING'],
  [3, 6, 'JOB'],
  [5, 7, 'JOB'],
  [6, 0, 'JOB'],
];
const JOB_CONTACTS = JOB_CONTACT_ROWS.map(([jobIndex, contact, type], index) => {
  const [, first, last, phones, email] = CONTACT_ROWS[contact] ?? [];
  return {
    uuid: SEED_IDS.jobContacts[index],
    job_uuid: job(jobIndex),
    first,
    last,
    ...only('mobile', phones?.mobile),
    email,
    type,
  };
});

/** The price list, in the order of its ids: name, item number, price, cost, and what else it sets. */
const MATERIAL_ROWS: ReadonlyArray<[string, string, string, string, Fields]> = [
  ['Labour - Standard Hourly Rate', 'LAB-STD', '120.00', '55.00', { price_includes_taxes: 0 }],
  ['Call-out Fee', 'CALLOUT', '95.00', '0.00', {}],
  [
    'Rheem 26L Instantaneous Gas Hot Water',
    'HW-RH26',
    '1450.00',
    '980.00',
    { item_is_inventoried: 1, quantity_in_stock: '2' },
  ],
  ['Kitchen Mixer Tap - Chrome', 'TAP-KM01', '189.00', '96.00', { item_is_inventoried: 1, quantity_in_stock: '6' }],
  ['15mm Copper Pipe (per metre)', 'CU-15', '14.50', '6.20', {}],
  [
    'Drain CCTV Inspection',
    'CCTV-01',
    '290.00',
    '40.00',
    { item_description: 'Camera inspection of drain line with written report' },
  ],
];
const MATERIALS = MATERIAL_ROWS.map(([name, item_number, price, cost, more], n) => ({
  uuid: material(n),
  name,
  item_number,
  price,
  cost,
  ...more,
}));

/**
 * The lines of the jobs, in the order of their ids and in each job's order: job, an item of the price
 * list (its number) or a line of its own (name and price), and quantity.
 */
const JOB_MATERIAL_ROWS: ReadonlyArray<[number, number | { name: string; price: string }, string]> = [
  [0, 3, '1'],
  [0, 0, '1.5'],
  [1, 2, '1'],
  [1, 0, '4'],
  [2, 5, '1'],
  [3, 1, '1'],
  [6, 2, '1'],
  [6, 0, '3'],
  [7, 0, '1'],
  [7, { name: 'Cistern inlet and outlet valve kit', price: '64.00' }, '1'],
  [8, 0, '1'],
  [8, { name: 'Loyalty discount', price: '20.00' }, '-1'],
];
const JOB_MATERIALS = JOB_MATERIAL_ROWS.map(([jobIndex, item, quantity], index) => {
  const [name = '', , price = ''] =
    typeof item === 'number' ? (MATERIAL_ROWS[item] ?? []) : [item.name, '', item.price];
  return {
    uuid: SEED_IDS.jobMaterials[index],
    job_uuid: job(jobIndex),
    ...only('material_uuid', typeof item === 'number' ? material(item) : undefined),
    name,
    quantity,
    price,
    displayed_amount: withGst(quantity, price),
    sort_order: JOB_MATERIAL_ROWS.slice(0, index).filter(([other]) => other === jobIndex).length + 1,
  };
});

/** The forms' fields, in the order of their ids and in each form's order: form, name, type, mandatory, choices. */
const FORM_FIELD_ROWS: ReadonlyArray<[string, string, string, boolean, string[]?]> = [
  [
    forms.safety,
    'Hazards identified',
    'Multiple Choice',
    true,
    ['None', 'Asbestos', 'Working at heights', 'Confined space'],
  ],
  [forms.safety, 'Gas and water isolated', 'Checkbox', true],
  [forms.safety, 'Notes', 'Text', false],
  [forms.satisfaction, 'Rating (1-5)', 'Number', true],
  [forms.satisfaction, 'Would you recommend us?', 'Multiple Choice', true, ['Yes', 'No']],
  [forms.satisfaction, 'Comments', 'Text', false],
];
const FORM_FIELDS = FORM_FIELD_ROWS.map(([form, name, type, mandatory, choices], n) => ({
  uuid: formField(n),
  form_uuid: form,
  name,
  sort_order: FORM_FIELD_ROWS.slice(0, n).filter(([other]) => other === form).length + 1,
  field_data_json: JSON.stringify({ type, mandatory, ...(choices ? { choices } : {}) }),
}));

/** The `demo` preset; dates are placed around `now` so the schedule looks current. */
export function buildDemoSeed(now: Date): SeedData {
  const at = (days: number, hour = 9, minute = 0) => {
    const local = formatDateTimeIn(new Date(now.getTime() + days * 86_400_000), DEMO_TIME_ZONE);
    return `${local.slice(0, 10)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
  };
  const day = (days: number) => at(days).slice(0, 10);

  /**
   * A job: its number is 1001 + n, its address its client's unless given, `creator` created it, and
   * `stages` are the fields of what happened to it since.
   */
  const demoJob = (
    n: number,
    [status, date, client, category, creator]: [string, number, number, string, StaffKey],
    [description, address = clientAddress(client)]: [string, string?],
    badgeUuids: string[],
    ...stages: Fields[]
  ) => ({
    uuid: job(n),
    generated_job_id: String(1001 + n),
    status,
    date: day(date),
    company_uuid: company(client),
    category_uuid: category,
    job_address: address,
    job_description: description,
    badges: badgeList(...badgeUuids),
    created_by_staff_uuid: staff[creator],
    ...Object.assign({}, ...stages),
  });
  const quoted = (date: string, sent?: string) => ({
    quote_date: date,
    ...only('quote_sent', sent && 1),
    ...only('quote_sent_stamp', sent),
  });
  const queued = (queue: string, until: string) => ({ queue_uuid: queue, queue_expiry_date: until });
  const workOrder = (date: string) => ({ work_order_date: date });
  const done = (date: string, by: StaffKey, workDone: string) => ({
    work_done_description: workDone,
    completion_date: date,
    completion_actioned_by_uuid: staff[by],
  });
  const invoiced = (sent: string, paid?: string) => ({
    invoice_sent: 1,
    invoice_sent_stamp: sent,
    ...only('payment_received', paid && 1),
    ...only('payment_received_stamp', paid),
  });
  const unsuccessful = (date: string) => ({ unsuccessful_date: date });

  return {
    records: {
      vendor: [VENDOR],
      staff: STAFF,
      badge: [
        { uuid: badges.urgent, name: 'Urgent' },
        { uuid: badges.vip, name: 'VIP' },
        { uuid: badges.warranty, name: 'Warranty' },
        { uuid: badges.quoteFollowUp, name: 'Quote Follow-up' },
        { uuid: badges.invoiceOverdue, name: 'Invoice Overdue' },
        { uuid: badges.safetyCheck, name: 'Safety Check', regarding_form_uuid: forms.safety },
        { uuid: badges.onMyWay, name: 'On my way' },
        { uuid: badges.paid, name: 'Paid' },
      ],
      queue: [
        {
          uuid: queues.quotesToFollowUp,
          name: 'Quotes to follow up',
          default_timeframe: 7,
          subscribed_staff: `${staff.office};${staff.owner}`,
        },
        { uuid: queues.partsOnOrder, name: 'Parts on order', default_timeframe: 14, subscribed_staff: staff.office },
        {
          uuid: queues.awaitingApproval,
          name: 'Awaiting client approval',
          default_timeframe: 5,
          requires_assignment: 1,
        },
      ],
      category: [
        { uuid: categories.plumbing, name: 'General Plumbing', colour: '1E88E5' },
        { uuid: categories.gasFitting, name: 'Gas Fitting', colour: 'F4511E' },
        { uuid: categories.hotWater, name: 'Hot Water', colour: 'E53935' },
        { uuid: categories.drainage, name: 'Drainage', colour: '6D4C41' },
        { uuid: categories.maintenance, name: 'Scheduled Maintenance', colour: '43A047' },
      ],
      company: CLIENTS,
      companycontact: CONTACTS,
      material: MATERIALS,
      job: [
        demoJob(
          0,
          ['Quote', -3, 0, categories.plumbing, 'office'],
          ['Replace leaking kitchen mixer tap. Client would like a chrome gooseneck mixer.'],
          [badges.quoteFollowUp],
          queued(queues.quotesToFollowUp, at(4)),
          quoted(at(-3, 10), at(-3, 14, 30)),
        ),
        demoJob(
          1,
          ['Quote', -1, 1, categories.hotWater, 'office'],
          [
            'Supply and install instantaneous gas hot water system to replace failed storage tank.',
            'Unit 4, 17 Mill Street, Pyrmont NSW 2009',
          ],
          [],
          quoted(at(-1, 11)),
        ),
        demoJob(
          2,
          ['Quote', 0, 2, categories.drainage, 'owner'],
          ['CCTV inspection of kitchen grease trap line and report with recommendations.'],
          [],
          queued(queues.awaitingApproval, at(5)),
          quoted(at(0, 8, 15)),
        ),
        demoJob(
          3,
          ['Work Order', 0, 4, categories.drainage, 'office'],
          ['Blocked sewer line in front yard, overflowing gully. Jet and clear.'],
          [badges.urgent],
          workOrder(at(0, 7, 40)),
          { purchase_order_number: 'GS-55120' },
        ),
        demoJob(
          4,
          ['Work Order', -2, 3, categories.gasFitting, 'owner'],
          ['Annual gas appliance safety check: cooktop, heater and hot water unit.'],
          [badges.safetyCheck, badges.vip],
          queued(queues.partsOnOrder, at(12)),
          workOrder(at(-2, 9)),
        ),
        demoJob(
          5,
          ['Work Order', 0, 5, categories.plumbing, 'office'],
          ['Burst pipe under laundry tub, water turned off at the meter.'],
          [badges.urgent],
          workOrder(at(0, 6, 55)),
        ),
        demoJob(
          6,
          ['Completed', -10, 0, categories.hotWater, 'office'],
          ['Hot water unit replacement.'],
          [],
          quoted(at(-14, 10)),
          workOrder(at(-12, 9)),
          done(
            at(-10, 15, 20),
            'plumber',
            'Removed old 135L electric unit, installed Rheem 26L continuous flow, tested and commissioned.',
          ),
          invoiced(at(-10, 16), at(-9, 11)),
        ),
        demoJob(
          7,
          ['Completed', -21, 1, categories.plumbing, 'office'],
          ['Toilet cistern running constantly, replace inlet valve.', 'Unit 12, 3 Harris Street, Ultimo NSW 2007'],
          [badges.invoiceOverdue],
          workOrder(at(-22, 8)),
          done(at(-21, 12, 5), 'apprentice', 'Replaced inlet and outlet valves, adjusted float.'),
          invoiced(at(-21, 17)),
        ),
        demoJob(
          8,
          ['Completed', -5, 3, categories.maintenance, 'owner'],
          ['Annual backflow prevention device test and certification.'],
          [badges.warranty],
          workOrder(at(-6, 9)),
          done(at(-5, 10, 45), 'plumber', 'Tested RPZ device, passed. Certificate lodged with council.'),
        ),
        demoJob(
          9,
          ['Unsuccessful', -30, 4, categories.plumbing, 'owner'],
          ['Quote for bathroom renovation rough-in plumbing (3 bathrooms).'],
          [],
          quoted(at(-30, 10), at(-29, 9)),
          unsuccessful(at(-15, 16)),
        ),
        demoJob(
          10,
          ['Unsuccessful', -8, 2, categories.gasFitting, 'office'],
          ['Suspected gas leak near cooktop. No access on arrival, client cancelled.'],
          [],
          workOrder(at(-8, 7)),
          unsuccessful(at(-8, 13)),
        ),
      ],
      jobcontact: JOB_CONTACTS,
      jobmaterial: JOB_MATERIALS,
      jobactivity: (
        [
          [3, 'plumber', at(1, 9), at(1, 11), 'scheduled'],
          [4, 'plumber', at(7, 13), at(7, 15, 30), 'scheduled'],
          [5, 'apprentice', at(0, 8, 10), undefined, 'recorded'],
          [6, 'plumber', at(-10, 8), at(-10, 15, 15), 'recorded'],
        ] as const
      ).map(([jobIndex, by, start, end, kind], index) => ({
        uuid: SEED_IDS.activities[index],
        job_uuid: job(jobIndex),
        staff_uuid: staff[by],
        start_date: start,
        ...only('end_date', end),
        [`activity_was_${kind}`]: 1,
      })),
      note: (
        [
          ['job', job(0), 'Client prefers morning appointments. Dog in backyard.', at(-3, 10, 5), 'office'],
          ['job', job(3), 'Strata manager approved up to $800 without further quote.', at(0, 7, 45), 'office'],
          ['job', job(7), 'Reminder sent for overdue invoice.', at(-6, 9), 'office'],
          ['company', company(3), 'Use rear entrance; clinic closes at 5pm.', at(-40, 12), 'owner'],
        ] as const
      ).map(([object, about, note, created, by], index) => ({
        uuid: SEED_IDS.notes[index],
        related_object: object,
        related_object_uuid: about,
        note,
        create_date: created,
        edit_by_staff_uuid: staff[by],
      })),
      attachment: [
        {
          uuid: SEED_IDS.attachments.quotePdf,
          related_object: 'job',
          related_object_uuid: job(0),
          attachment_name: 'Quote 1001.pdf',
          file_type: '.pdf',
          attachment_source: 'QUOTE',
          created_by_staff_uuid: staff.office,
          timestamp: at(-3, 14, 30),
        },
        {
          uuid: SEED_IDS.attachments.burstPipePhoto,
          related_object: 'job',
          related_object_uuid: job(5),
          attachment_name: 'Burst pipe.png',
          file_type: '.png',
          tags: 'before',
          created_by_staff_uuid: staff.apprentice,
          timestamp: at(0, 8, 20),
          photo_width: 1,
          photo_height: 1,
        },
      ],
      form: [
        {
          uuid: forms.safety,
          name: 'Job Safety Assessment',
          can_be_used_independently: 0,
          badge_mandatory_state: 1,
          badge_name: 'JSA',
        },
        { uuid: forms.satisfaction, name: 'Customer Satisfaction Survey', can_be_used_independently: 1 },
      ],
      formfield: FORM_FIELDS,
      formresponse: (
        [
          [forms.safety, 8, at(-5, 9), ['None', '1', 'Device in meter box, easy access.']],
          [forms.satisfaction, 6, at(-10, 15, 30), ['5', 'Yes', 'Sam was on time and tidy. Hot water is great!']],
        ] as const
      ).map(([form, jobIndex, timestamp, answers], index) => {
        const fields = FORM_FIELDS.filter((field) => field.form_uuid === form);
        return {
          uuid: SEED_IDS.formResponses[index],
          form_uuid: form,
          staff_uuid: staff.plumber,
          form_by_staff_uuid: staff.plumber,
          regarding_object: 'job',
          regarding_object_uuid: job(jobIndex),
          timestamp,
          field_data: JSON.stringify(
            fields.map((field, n) => ({ field_uuid: field.uuid, name: field.name, value: answers[n] })),
          ),
        };
      }),
      jobpayment: (
        [
          [6, at(-9, 11), '1991.00', 'Credit Card', 'Paid by phone', 0],
          [4, at(-2, 10), '150.00', 'Bank Transfer', 'Deposit for parts', 1],
          [7, at(-15, 14), '50.00', 'Cash', 'Part payment', 0],
        ] as const
      ).map(([jobIndex, timestamp, amount, method, note, deposit], index) => ({
        uuid: SEED_IDS.payments[index],
        job_uuid: job(jobIndex),
        actioned_by_uuid: staff.office,
        timestamp,
        amount,
        method,
        note,
        is_deposit: deposit,
      })),
    },
    files: [
      {
        attachmentUuid: SEED_IDS.attachments.quotePdf,
        contentType: 'application/pdf',
        base64: Buffer.from('%PDF-1.4\n% Quote 1001 for Emma Ellis (simulated)\n%%EOF\n').toString('base64'),
      },
      {
        attachmentUuid: SEED_IDS.attachments.burstPipePhoto,
        contentType: 'image/png',
        base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      },
    ],
  };
}

/** The `empty` preset: the account and its owner. */
export function buildEmptySeed(): SeedData {
  return { records: { vendor: [VENDOR], staff: [OWNER] } };
}
