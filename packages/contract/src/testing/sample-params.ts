import type { AutomationAction, AutomationCondition } from '../triggers.ts';

/**
 * Params of the right shape for every condition and action, for tests that go through all of them
 * (the contract's own, and the server's checks of what each event allows).
 */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const SAMPLE_IDS = {
  badge: uuid(1),
  badge2: uuid(2),
  queue: uuid(3),
  category: uuid(4),
  form: uuid(5),
  field: uuid(6),
  material: uuid(7),
} as const;
const {
  badge: BADGE,
  badge2: BADGE_2,
  queue: QUEUE,
  category: CATEGORY,
  form: FORM,
  field: FIELD,
  material: MATERIAL,
} = SAMPLE_IDS;

export const VALID_CONDITIONS: Record<AutomationCondition, object> = {
  IsCreated: {},
  JobIsStatus: { status: 'Work Order' },
  JobIsCategory: { categoryUuid: CATEGORY },
  JobIsScheduled: {},
  JobIsCompleted: {},
  JobIsInQueue: { queueUuid: QUEUE },
  JobQuoted: {},
  JobQuoteSent: {},
  JobQuoteApproved: {},
  JobInvoiceSent: {},
  JobInvoiceApproved: {},
  JobPaymentMade: {},
  ClientHasBadge: { badgeUuid: BADGE },
  JobHasBadge: { badgeUuid: BADGE },
  JobHasAllBadges: { badgeUuids: [BADGE, BADGE_2] },
  ClientHasAllBadges: { badgeUuids: [BADGE] },
  FormIsType: { formUuid: FORM },
  JobExcludesBadges: { badgeUuids: [BADGE] },
  JobExcludesCategories: { categoryUuids: [CATEGORY] },
  JobExcludesQueues: { queueUuids: [QUEUE] },
  JobExcludesStatuses: { statuses: ['Completed', 'Unsuccessful'] },
  ClientExcludesBadges: { badgeUuids: [BADGE] },
  FormFieldTextIncludes: { formUuid: FORM, field: FIELD, text: 'asbestos' },
  FormFieldNumberMatches: { formUuid: FORM, field: FIELD, operator: 'GtEq', value: 4 },
  FormFieldChoiceMatches: { formUuid: FORM, field: FIELD, choice: 'Yes' },
  FormFieldDateMatches: { formUuid: FORM, field: FIELD, operator: 'Lt', value: '2025-03-31' },
  FormFieldMultiChoiceIncludes: { formUuid: FORM, field: FIELD, choice: 'Asbestos' },
};

export const VALID_ACTIONS: Record<AutomationAction, object> = {
  Job_AddBadge: { badgeUuid: BADGE },
  Job_RemoveBadge: { badgeUuid: BADGE },
  Job_SendEmail: { subject: 'Your quote', body: 'Hi {{contact.first}}' },
  Job_ChangeStatus: { status: 'Completed' },
  Job_AddToQueue: { queueUuid: QUEUE },
  Job_AddNote: { text: 'Called the client' },
  Job_AddDescription: { text: 'Follow-up visit booked' },
  Job_AddWorkDoneDescription: { text: 'Replaced the valve' },
  Job_AddService: { materialUuid: MATERIAL, quantity: 1.5 },
  Job_SendText: { message: 'We are on our way' },
  Job_SendAttachment: { attachmentId: 'att-1', subject: 'Care guide', body: 'Attached is the guide.' },
  JobClient_SendEmail: { emailTemplateId: 'tpl-1' },
  JobClient_CreateJob: { status: 'Quote', description: 'Annual service', categoryUuid: CATEGORY },
  JobClient_SendText: { message: 'Time for your annual service' },
  SendToWebAddress: { url: 'https://hooks.example.com/automate', bodyMode: 'json', headers: [] },
};
