import type { Deps } from '../../deps.ts';
import { ATTACHMENT_FILE_PREFIX, removeStoredFiles } from './attachment-files.ts';
import { deleteExpiredPendingAttachments, findAttachmentStorageNames } from './triggers.repository.ts';

/** A file younger than this may belong to an upload still under way (its row is written after it). */
const UNNAMED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * The nightly clean-up of every vendor's attachments: files uploaded for a trigger that was never
 * saved (pending past their 24 hours) go with their rows, and so do files no row names any more (a
 * process stopped between removing a row and its bytes, or between storing bytes and their row).
 */
export async function removeAbandonedAttachments(deps: Deps): Promise<{ expired: number; unnamed: number }> {
  const now = deps.clock.now();
  const expired = await deleteExpiredPendingAttachments(deps.database.db, now);
  await removeStoredFiles(deps, expired);

  const settled = (await deps.files.list(ATTACHMENT_FILE_PREFIX)).filter(
    (file) => file.modifiedAt.getTime() < now.getTime() - UNNAMED_FILE_GRACE_MS,
  );
  const named = await findAttachmentStorageNames(
    deps.database.db,
    settled.map((file) => file.name),
  );
  const unnamed = settled.map((file) => file.name).filter((name) => !named.has(name));
  await removeStoredFiles(deps, unnamed);
  return { expired: expired.length, unnamed: unnamed.length };
}
