/**
 * The database schema, one module per domain, listed here explicitly, and the ServiceM8 client's rate
 * buckets (below the modules). drizzle-kit reads this file to generate migrations into ../../drizzle.
 */
export * from '../integrations/servicem8/rate-buckets.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/automation/automation.schema.ts';
export * from '../modules/billing/billing.schema.ts';
export * from '../modules/content/content.schema.ts';
export * from '../modules/email-templates/email-templates.schema.ts';
export * from '../modules/feedback/feedback.schema.ts';
export * from '../modules/invitations/invitations.schema.ts';
export * from '../modules/mail/mail.schema.ts';
export * from '../modules/servicem8/servicem8.schema.ts';
export * from '../modules/system/system.schema.ts';
export * from '../modules/trigger-templates/trigger-templates.schema.ts';
export * from '../modules/triggers/triggers.schema.ts';
export * from '../modules/users/users.schema.ts';
export * from '../modules/vendors/vendors.schema.ts';
export * from '../modules/webhooks/webhooks.schema.ts';
