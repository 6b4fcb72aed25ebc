import type { PlatformInvoiceDetails } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import { platformSettings } from './billing.schema.ts';

const EMPTY: PlatformInvoiceDetails = { legalName: '', address: '', taxNumber: '', invoiceFooter: '' };

/** The platform's invoice details; all empty before a super admin first saves them. */
export async function findPlatformInvoiceDetails(db: Db): Promise<PlatformInvoiceDetails> {
  const [row] = await db
    .select({
      legalName: platformSettings.legalName,
      address: platformSettings.address,
      taxNumber: platformSettings.taxNumber,
      invoiceFooter: platformSettings.invoiceFooter,
    })
    .from(platformSettings);
  return row ?? EMPTY;
}

export async function savePlatformInvoiceDetails(
  db: Db,
  details: PlatformInvoiceDetails,
  now: Date,
): Promise<PlatformInvoiceDetails> {
  await db
    .insert(platformSettings)
    .values({ id: true, ...details, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.id, set: { ...details, updatedAt: now } });
  return findPlatformInvoiceDetails(db);
}
