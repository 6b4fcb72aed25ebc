import type { Deps } from '../../deps.ts';

/** How the names of attachments' files in storage begin. */
export const ATTACHMENT_FILE_PREFIX = 'trigger-attachment-';

/**
 * Removes files whose rows are gone. A file that cannot be removed now is logged, not an error of the
 * request: its row is gone, so the nightly clean-up finds it among the files nothing names.
 */
export async function removeStoredFiles(deps: Pick<Deps, 'files' | 'logger'>, names: readonly string[]) {
  for (const name of names) {
    try {
      await deps.files.delete(name);
    } catch (error) {
      deps.logger.warn({ err: error, file: name }, 'an attachment could not be removed from storage yet');
    }
  }
}
