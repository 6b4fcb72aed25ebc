import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../src/modules/billing/billing.schema.ts';
import { insertPlanWithPrices } from '../src/modules/billing/plans.service.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * The migration that gave plans their deliveries to web addresses a day sets the plans an installation
 * already sells by their monthly price: the dearest 10,000, the next 2,500, every other 500.
 */

let services: TestServices;
beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

async function runMigrationUpdate(): Promise<void> {
  const migration = fs.readFileSync(
    path.resolve(import.meta.dirname, '../drizzle/0029_plan_web_address_deliveries.sql'),
    'utf8',
  );
  const update = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE "plans"'));
  if (!update) throw new Error('the migration sets no plan');
  await services.deps.database.db.execute(sql.raw(update));
}

describe('the daily web-address limit of existing plans', () => {
  it('is 10,000 for the dearest plan, 2,500 for the next and 500 for the rest', async () => {
    const db = services.deps.database.db;
    await insertPlanWithPrices(db, {
      name: 'Solo',
      monthlyPriceCents: 900,
      yearlyPriceCents: 9000,
      limits: { activeTriggers: 1, runsPerMonth: 100, messagesPerMonth: 50, webAddressDeliveriesPerDay: 1 },
    });
    await db.update(plans).set({ maxWebAddressDeliveriesPerDay: 0 });
    await runMigrationUpdate();
    const rows = await db
      .select({ name: plans.name, perDay: plans.maxWebAddressDeliveriesPerDay })
      .from(plans)
      .orderBy(plans.name);
    expect(rows).toEqual([
      { name: 'Business', perDay: 10_000 },
      { name: 'Pro', perDay: 2500 },
      { name: 'Solo', perDay: 500 },
      { name: 'Starter', perDay: 500 },
    ]);
  });
});
