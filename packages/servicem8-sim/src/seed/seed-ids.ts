/**
 * Fixed ids of the demo data, so tests and the demo vendor can refer to them. Every id is a valid
 * v4-shaped UUID: `<type prefix>-5e3d-4000-8000-<number>`.
 */
export function seedUuid(prefix: string, n: number): string {
  return `${prefix}-5e3d-4000-8000-${String(n).padStart(12, '0')}`;
}

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => seedUuid(prefix, index + 1));

export const SEED_IDS = {
  vendor: seedUuid('c0ffee00', 1),
  staff: {
    owner: seedUuid('57aff000', 1),
    plumber: seedUuid('57aff000', 2),
    office: seedUuid('57aff000', 3),
    apprentice: seedUuid('57aff000', 4),
  },
  companies: {
    emmaEllis: seedUuid('c0a00000', 1),
    harboursidePropertyManagement: seedUuid('c0a00000', 2),
    bondiBeachCafe: seedUuid('c0a00000', 3),
    northshoreDental: seedUuid('c0a00000', 4),
    greenwayStrata: seedUuid('c0a00000', 5),
    weiChen: seedUuid('c0a00000', 6),
  },
  contacts: ids('cc000000', 9),
  /** Job numbers 1001…1011 in this order. */
  jobs: {
    quoteKitchenTap: seedUuid('10b00000', 1),
    quoteHotWater: seedUuid('10b00000', 2),
    quoteDrainCctv: seedUuid('10b00000', 3),
    workOrderBlockedSewer: seedUuid('10b00000', 4),
    workOrderGasSafetyCheck: seedUuid('10b00000', 5),
    workOrderBurstPipe: seedUuid('10b00000', 6),
    completedHotWater: seedUuid('10b00000', 7),
    completedCistern: seedUuid('10b00000', 8),
    completedBackflowTest: seedUuid('10b00000', 9),
    unsuccessfulRenovationQuote: seedUuid('10b00000', 10),
    unsuccessfulGasLeak: seedUuid('10b00000', 11),
  },
  jobContacts: ids('1c000000', 6),
  badges: {
    urgent: seedUuid('badbe000', 1),
    vip: seedUuid('badbe000', 2),
    warranty: seedUuid('badbe000', 3),
    quoteFollowUp: seedUuid('badbe000', 4),
    invoiceOverdue: seedUuid('badbe000', 5),
    safetyCheck: seedUuid('badbe000', 6),
    onMyWay: seedUuid('badbe000', 7),
    paid: seedUuid('badbe000', 8),
  },
  queues: {
    quotesToFollowUp: seedUuid('9e9e0000', 1),
    partsOnOrder: seedUuid('9e9e0000', 2),
    awaitingApproval: seedUuid('9e9e0000', 3),
  },
  categories: {
    plumbing: seedUuid('ca7e0000', 1),
    gasFitting: seedUuid('ca7e0000', 2),
    hotWater: seedUuid('ca7e0000', 3),
    drainage: seedUuid('ca7e0000', 4),
    maintenance: seedUuid('ca7e0000', 5),
  },
  activities: ids('ac700000', 4),
  notes: ids('0e7e0000', 4),
  attachments: { quotePdf: seedUuid('a77a0000', 1), burstPipePhoto: seedUuid('a77a0000', 2) },
  jobMaterials: ids('3a700000', 12),
  materials: ids('3a7e0000', 6),
  forms: { safety: seedUuid('f0a30000', 1), satisfaction: seedUuid('f0a30000', 2) },
  formFields: ids('f1e1d000', 6),
  formResponses: ids('f0e50000', 2),
  payments: ids('fa1d0000', 3),
} as const;

/** The demo account's staff logins (Basic auth accepts any of them with the configured password). */
export const SEED_STAFF_EMAILS = {
  owner: 'olivia.harper@example.com',
  plumber: 'sam.nguyen@example.com',
  office: 'priya.patel@example.com',
  apprentice: 'jack.wilson@example.com',
} as const;
