import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { runSteps, triggerRuns, webAddressSecrets } from '../automation.schema.ts';

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
export async function countWebAddressDeliveriesSince(db: Db, vendorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(runSteps)
    .innerJoin(triggerRuns, eq(triggerRuns.id, runSteps.runId))
    .where(
      and(
        eq(triggerRuns.vendorId, vendorId),
        eq(runSteps.actionType, 'SendToWebAddress'),
        inArray(runSteps.status, ['Started', 'Succeeded', 'Failed', 'Uncertain']),
        // A planned delivery (one refused before it was planned has no address).
        sql`${runSteps.input} ->> 'url' is not null`,
        gte(runSteps.startedAt, since),
      ),
    );
  return row?.total ?? 0;
}
