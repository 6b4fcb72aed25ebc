import type { PlatformInvoiceDetails } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { findPlatformInvoiceDetails, savePlatformInvoiceDetails } from './platform-settings.repository.ts';

/** The platform's details as the supplier on every invoice and its PDF. */
export function readPlatformInvoiceDetails(deps: Deps): Promise<PlatformInvoiceDetails> {
  return findPlatformInvoiceDetails(deps.database.db);
}

/** Replaces the platform's invoice details; every invoice shows them from then on, old ones included. */
export function changePlatformInvoiceDetails(
  deps: Deps,
  details: PlatformInvoiceDetails,
): Promise<PlatformInvoiceDetails> {
  return savePlatformInvoiceDetails(deps.database.db, details, deps.clock.now());
}
