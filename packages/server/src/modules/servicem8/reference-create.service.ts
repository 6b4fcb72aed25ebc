import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { Sm8Error } from '../../integrations/servicem8/sm8-http.ts';
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
  const uuid = await client.create(kind, { name, active: 1 }).catch((error: unknown) => {
    throw creationRefused(error, kind, name);
  });
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

/** ServiceM8's refusal in words the vendor can act on. */
function creationRefused(error: unknown, kind: CreatableReferenceKind, name: string): unknown {
  if (!(error instanceof Sm8Error)) return error;
  if (error.retryable) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `ServiceM8 did not answer when creating the ${kind} "${name}". Try again in a minute.`,
    );
  }
  if (error.status === 401 || error.status === 403) {
    return new AppError(
      'CONFLICT',
      `ServiceM8 does not let Automate create the ${kind} "${name}" yet: an Admin must connect ServiceM8 again to allow it, or pick one of your ${kind}s instead.`,
    );
  }
  return new AppError('CONFLICT', `ServiceM8 refused to create the ${kind} "${name}": ${error.message}`);
}
