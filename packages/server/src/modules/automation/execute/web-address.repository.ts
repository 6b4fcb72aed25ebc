import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { webAddressSecrets } from '../automation.schema.ts';
import { countStepsSince } from './step-counts.repository.ts';

export type WebAddressSecretRow = typeof webAddressSecrets.$inferSelect;

export async function findWebAddressSecret(db: Db, vendorId: string): Promise<WebAddressSecretRow | undefined> {
  const [row] = await db.select().from(webAddressSecrets).where(eq(webAddressSecrets.vendorId, vendorId));
  return row;
}

/** Keeps `row` unless the vendor has a secret already (two first deliveries at once); answers the one kept. */
export async function insertWebAddressSecret(db: Db, row: WebAddressSecretRow): Promise<WebAddressSecretRow> {
  await db.insert(webAddressSecrets).values(row).onConflictDoNothing();
  return (await findWebAddressSecret(db, row.vendorId)) ?? row;
}

/** Replaces the vendor's secret (a rotation), or keeps the first. */
export async function replaceWebAddressSecret(db: Db, row: WebAddressSecretRow): Promise<void> {
  await db
    .insert(webAddressSecrets)
    .values(row)
    .onConflictDoUpdate({
      target: webAddressSecrets.vendorId,
      set: { secretEnc: row.secretEnc, createdAt: row.createdAt },
    });
}

/** Steps of the vendor's runs that began a delivery to a web address since `since` (what the daily limit counts). */
export function countWebAddressDeliveriesSince(db: Db, vendorId: string, since: Date): Promise<number> {
  return countStepsSince(db, {
    vendorId,
    since,
    actionTypes: ['SendToWebAddress'],
    statuses: ['Started', 'Succeeded', 'Failed', 'Uncertain'],
    // A planned delivery (one refused before it was planned has no address).
    inputKey: 'url',
  });
}
