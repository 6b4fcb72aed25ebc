/**
 * OAuth scope names. The simulator accepts exactly these at /oauth/authorize.
 */
export const SCOPES = [
  // the SDK security scheme [S]
  'staff_locations',
  'staff_activity',
  'publish_sms',
  'publish_email',
  'vendor',
  'vendor_logo',
  'vendor_email',
  'read_locations',
  'manage_locations',
  'read_staff',
  'manage_staff',
  'read_customers',
  'manage_customers',
  'read_customer_contacts',
  'manage_customer_contacts',
  'read_jobs',
  'manage_jobs',
  'create_jobs',
  'read_job_contacts',
  'manage_job_contacts',
  'read_job_materials',
  'manage_job_materials',
  'read_job_categories',
  'manage_job_categories',
  'read_job_queues',
  'manage_job_queues',
  'read_tasks',
  'manage_tasks',
  'read_schedule',
  'manage_schedule',
  'read_inventory',
  'manage_inventory',
  'read_job_notes',
  'publish_job_notes',
  'read_job_photos',
  'publish_job_photos',
  'read_attachments',
  'manage_attachments',
  'read_inbox',
  'read_messages',
  'manage_notifications',
  'manage_templates',
  'manage_badges',
  'read_assets',
  'manage_assets',
  'read_knowledge_base',
  'manage_knowledge_base',
  // referenced per endpoint in the same spec [S]
  'read_feedback',
  'manage_feedback',
  'read_forms',
  'manage_forms',
  'publish_inbox',
  'read_job_checklists',
  'manage_job_checklists',
  'read_job_payments',
  'manage_job_payments',
  'read_knowledge',
  'manage_knowledge',
  'read_security_roles',
  'publish_messages',
  'read_suppliers',
  'manage_suppliers',
  'read_tax_rates',
  'manage_tax_rates',
  // May 2026 [D]
  'read_sms',
  'read_email',
  'read_service_templates',
  'manage_service_templates',
  // older samples [O-legacy]
  'create_clients',
  'read_job_attachments',
  'publish_job_attachments',
] as const;

export type Scope = (typeof SCOPES)[number];

const KNOWN = new Set<string>(SCOPES);

export function isKnownScope(name: string): boolean {
  return KNOWN.has(name);
}

/** Granted scopes of a caller: a set for OAuth tokens, `all` for API keys and Basic auth. */
export type GrantedScopes = ReadonlySet<string> | 'all';

/** True when the caller holds at least one of `accepted`. An empty `accepted` list needs no scope. */
export function holdsAnyScope(granted: GrantedScopes, accepted: readonly string[]): boolean {
  if (accepted.length === 0 || granted === 'all') return true;
  return accepted.some((scope) => granted.has(scope));
}

/** Splits a space-separated scope string (commas and pluses tolerated) into unique names. */
export function parseScopeString(value: string): string[] {
  return [...new Set(value.split(/[\s,+]+/).filter((part) => part.length > 0))];
}
