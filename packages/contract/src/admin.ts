import { z } from 'zod';
import { Vendor } from './accounts.ts';

/** The super admin's views of the platform: vendors with their activity. */

/** A vendor in the super admin's list: the vendor and how its automations are doing. */
export const AdminVendorRow = Vendor.extend({
  enabledTriggers: z.number().int(),
  /** Runs created in the last 30 days, and how many of them failed. */
  runs30Days: z.number().int(),
  failures30Days: z.number().int(),
  /** When its newest run was created; null when it has never run. */
  lastActivityAt: z.iso.datetime().nullable(),
});
export type AdminVendorRow = z.infer<typeof AdminVendorRow>;

/** The vendor's ServiceM8 connection as its admin page shows it; null when it is not connected. */
export const AdminVendorConnection = z.object({
  accountName: z.string().nullable(),
  connectedAt: z.iso.datetime(),
  lastSyncedAt: z.iso.datetime().nullable(),
  /** ServiceM8 refused to refresh the tokens: an Admin must connect again. */
  needsReconnectSince: z.iso.datetime().nullable(),
});
export type AdminVendorConnection = z.infer<typeof AdminVendorConnection>;

export const AdminVendorDetail = AdminVendorRow.extend({ serviceM8: AdminVendorConnection.nullable() });
export type AdminVendorDetail = z.infer<typeof AdminVendorDetail>;

/** One entry of the audit log: who did what, when, on which vendor or user, with the setting before and after. */
export const AuditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actorUserId: z.uuid(),
  actorName: z.string(),
  action: z.string(),
  summary: z.string(),
  vendorId: z.uuid().nullable(),
  targetUserId: z.uuid().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
