import type { AdminVendorConnection } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { bucketShape, readAllowanceUse } from '../../integrations/servicem8/rate-limiter.ts';
import { markDisconnectedFromServiceM8 } from '../vendors/vendors.service.ts';
import { deleteConnection, findConnection, listActiveConnections } from './servicem8.repository.ts';
import { sm8ClientForVendor } from './sm8-access.ts';
import { forgetWebhookSecret } from './webhook-secrets.ts';
import { ensureWebhookSubscriptions } from './webhook-subscriptions.ts';

/** Looking after a vendor's connection by hand: its summary, checking its webhooks now, and disconnecting it. */

/** Makes the vendor's ServiceM8 webhooks what the automations need now; answers what was subscribed again. */
export async function checkWebhooks(deps: Deps, vendorId: string): Promise<{ resubscribed: string[] }> {
  const client = await sm8ClientForVendor(deps, vendorId);
  return { resubscribed: await ensureWebhookSubscriptions(deps, vendorId, client) };
}

/**
 * Forgets the vendor's ServiceM8 connection: its tokens and webhook secret are deleted, so deliveries
 * to the old callback are refused (and ServiceM8 deactivates those webhooks) and no automation can
 * reach the account until an Admin connects again. Triggers, runs and synced names stay.
 */
export async function disconnectServiceM8(deps: Deps, vendorId: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    // The vendor's row before its connection's, in the order every transaction that writes both takes
    // them (see storeConnection); nothing stays written when there was no connection.
    await markDisconnectedFromServiceM8(tx, vendorId);
    if (!(await deleteConnection(tx, vendorId))) {
      throw new AppError('CONFLICT', 'This vendor is not connected to ServiceM8.');
    }
  });
  forgetWebhookSecret(deps, vendorId);
}

/** The vendor's connection as the super admin's vendor page shows it; null when it is not connected. */
export async function connectionSummaryOf(db: Db, vendorId: string): Promise<AdminVendorConnection | null> {
  const connection = await findConnection(db, vendorId);
  if (!connection) return null;
  return {
    accountName: connection.account?.name ?? null,
    connectedAt: connection.createdAt.toISOString(),
    lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
    needsReconnectSince: connection.needsReconnectSince?.toISOString() ?? null,
  };
}

/** Each connected vendor's use of its ServiceM8 allowance now, with the limits it is held to. */
export async function allowanceUseOfConnectedVendors(deps: Deps) {
  const db = deps.database.db;
  const connections = await listActiveConnections(db);
  const limits = deps.servicem8.rateLimits;
  const use = await readAllowanceUse(
    db,
    connections.map((connection) => connection.accountUuid),
    deps.clock.now(),
    limits,
  );
  return connections.map((connection) => {
    const found = use.get(connection.accountUuid) ?? {
      callsToday: 0,
      minuteHeadroom: bucketShape(limits).capacity,
      throttledMsToday: 0,
    };
    return {
      vendorId: connection.vendorId,
      ...found,
      perDayLimit: limits.perDay,
      perMinuteLimit: limits.perMinute,
      throttled: found.minuteHeadroom < 1 || found.callsToday >= limits.perDay,
    };
  });
}
