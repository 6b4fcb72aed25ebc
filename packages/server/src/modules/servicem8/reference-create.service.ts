import type { Deps } from '../../deps.ts';
import { upsertReferenceItem } from './servicem8.repository.ts';
import { sm8ClientForVendor } from './sm8-access.ts';

/** The reference records Automate may create in a vendor's ServiceM8 account. */
export type CreatableReferenceKind = 'badge' | 'queue';

/**
 * Creates a badge or a queue in the vendor's ServiceM8 account and adds it to the synced copy at once,
 * so a trigger may name it before the next sync. Answers its uuid.
 */
export async function createReferenceItem(
  deps: Deps,
  vendorId: string,
  { kind, name }: { kind: CreatableReferenceKind; name: string },
): Promise<string> {
  const client = await sm8ClientForVendor(deps, vendorId);
  const uuid = await client.create(kind, { name, active: 1 });
  await upsertReferenceItem(deps.database.db, {
    vendorId,
    kind,
    uuid,
    name,
    active: true,
    details: {},
    syncedAt: deps.clock.now(),
  });
  return uuid;
}
