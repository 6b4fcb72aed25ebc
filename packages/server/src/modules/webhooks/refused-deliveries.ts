import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The vendors a delivery was refused for (answered 503: neither the database nor the spool could keep
 * it). ServiceM8 does not send a refused delivery again, so each such vendor's account is read for
 * what changed as soon as the database is back. Kept in memory, and in `refused-vendors.json` when the
 * disk lets it be written, so a restart remembers too.
 */
export type RefusedDeliveries = {
  remember(vendorId: string): void;
  /**
   * The vendors waiting for their catch-up (`everyone` once more vendors were refused than are kept),
   * and `upTo`, to forget exactly these refusals once their catch-up is queued.
   */
  waiting(): { vendorIds: string[]; everyone: boolean; upTo: number };
  /** Forgets the refusals up to `upTo`; a vendor refused again since stays. */
  forget(upTo: number): void;
};

/** More vendors than this (made-up ones, while nothing can check a callback's secret): every account is read. */
const MAX_VENDORS = 1_000;
const FILE = 'refused-vendors.json';

const Saved = z.object({ vendorIds: z.array(z.string()), everyone: z.boolean() });

export function openRefusedDeliveries(directory: string): RefusedDeliveries {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = path.join(directory, FILE);
  const saved = Saved.safeParse(readJson(file));
  let count = 0;
  /** Each vendor's latest refusal, by its place in `count`. */
  const refused = new Map<string, number>(saved.success ? saved.data.vendorIds.map((id) => [id, ++count]) : []);
  let everyone: number | undefined = saved.success && saved.data.everyone ? ++count : undefined;

  const save = () => {
    const temporary = `${file}.tmp`;
    try {
      if (refused.size === 0 && everyone === undefined) {
        fs.rmSync(file, { force: true });
        return;
      }
      // Not fsynced: after a crash the start's catch-up reads every account anyway (`catchUpAfterStart`).
      const saved = { vendorIds: [...refused.keys()], everyone: everyone !== undefined };
      fs.writeFileSync(temporary, JSON.stringify(saved), { mode: 0o600 });
      fs.renameSync(temporary, file);
    } catch {
      // A full disk is often why the delivery was refused: the memory still holds it.
      fs.rmSync(temporary, { force: true });
    }
  };

  return {
    remember(vendorId) {
      const known = refused.has(vendorId) || everyone !== undefined;
      if (refused.size >= MAX_VENDORS && !refused.has(vendorId)) everyone = ++count;
      else refused.set(vendorId, ++count);
      if (!known) save();
    },
    waiting: () => ({ vendorIds: [...refused.keys()], everyone: everyone !== undefined, upTo: count }),
    forget(upTo) {
      const before = refused.size + (everyone === undefined ? 0 : 1);
      for (const [vendorId, at] of refused) if (at <= upTo) refused.delete(vendorId);
      if (everyone !== undefined && everyone <= upTo) everyone = undefined;
      if (refused.size + (everyone === undefined ? 0 : 1) !== before) save();
    },
  };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
