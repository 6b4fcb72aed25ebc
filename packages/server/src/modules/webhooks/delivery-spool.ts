import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { adoptSpoolLines } from './spool-lines.ts';

/**
 * Deliveries ServiceM8 sent while the database could not take them. ServiceM8 waits 10 s for an
 * answer, does not send a failed delivery again and deactivates a subscription after repeated
 * failures, so the intake answers 200 only once the delivery is on disk here, and the replayer moves
 * it into the database, in order, when the database is back.
 *
 * One file per delivery, in `pending/`, named by a sequence number (their order) and the delivery's
 * id. A delivery is written to a hidden temporary file, fsynced, renamed into place and the directory
 * fsynced; only then is it answered 200. A write that fails half-way (a full disk) leaves only the
 * temporary file, which is removed, so it can never spoil the next delivery, as a partial line in a
 * shared file would: every file in `pending/` is a whole record. A replay stores the files in order
 * and removes each once stored; one the database refuses for good, or that cannot be read, is moved
 * to `rejected/` for a person to look at. The inbox's de-duplication makes a file stored twice harmless.
 */
export const SpooledDelivery = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  /** SHA-256 (hex) of the callback URL's secret, when the database could not be asked whether it is right. */
  unverifiedSecretSha256: z.string().optional(),
  payload: z.record(z.string(), z.unknown()),
  receivedAt: z.iso.datetime(),
  contentType: z.string().optional(),
});
export type SpooledDelivery = z.infer<typeof SpooledDelivery>;

/** What storing one spooled delivery came to: stored (or a known repeat), refused for good, or the database is still away. */
export type ReplayOutcome = 'stored' | 'refused' | 'unavailable';

type ReplayResult = {
  stored: number;
  /** Refused by the database for good, moved to `rejected/`. */
  refused: number;
  /** Files that held no readable delivery, moved to `rejected/` (their paths there). */
  unreadable: string[];
};

export type DeliverySpool = {
  /** Writes the delivery and waits until it is on disk; throws, leaving nothing behind, when it cannot. */
  append(delivery: SpooledDelivery): Promise<void>;
  /** Deliveries waiting to be replayed. */
  backlog(): number;
  /** Records set aside in `rejected/` (unreadable, or refused by the database for good) for a person. */
  rejected(): number;
  /** Replays the waiting deliveries in order, until one finds the database away. */
  replay(store: (delivery: SpooledDelivery) => Promise<ReplayOutcome>): Promise<ReplayResult>;
};

/** Writes a record's bytes to its open file: all of them, or throws (as a full disk does part-way). */
export type SpoolWrite = (handle: fs.promises.FileHandle, data: Buffer) => Promise<void>;

/** A spool larger than this is a database gone for far too long: the intake answers 503 instead. */
export const SPOOL_MAX_BYTES = 64 * 1024 * 1024;

class SpoolFullError extends Error {
  constructor() {
    super(`The delivery spool is full (${SPOOL_MAX_BYTES} bytes)`);
    this.name = 'SpoolFullError';
  }
}

const PENDING = 'pending';
const REJECTED = 'rejected';
const RECORD = /^(\d{16})-[\w-]+\.json$/;

export function openDeliverySpool(directory: string, options: { write?: SpoolWrite } = {}): DeliverySpool {
  const write: SpoolWrite = options.write ?? ((handle, data) => handle.writeFile(data));
  const pending = path.join(directory, PENDING);
  const rejected = path.join(directory, REJECTED);
  for (const dir of [directory, pending, rejected]) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A write a crash interrupted was never answered 200.
  for (const name of fs.readdirSync(pending)) if (name.startsWith('.')) fs.rmSync(path.join(pending, name));

  let sequence = Math.max(0, ...[...fs.readdirSync(pending), ...fs.readdirSync(rejected)].map(sequenceOf));
  const nextName = (id: string) => `${String(++sequence).padStart(16, '0')}-${id}.json`;

  const writeRecord = async (name: string, data: Buffer): Promise<void> => {
    const temporary = path.join(pending, `.${name}.tmp`);
    const final = path.join(pending, name);
    let renamed = false;
    try {
      const handle = await fs.promises.open(temporary, 'wx', 0o600);
      try {
        await write(handle, data);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, final);
      renamed = true;
      await syncDirectory(pending);
    } catch (error) {
      // Answered 503: nothing of it stays, not even a record whose rename could not be made durable.
      await fs.promises.rm(renamed ? final : temporary, { force: true }).catch(() => {});
      throw error;
    }
  };

  adoptSpoolLines(directory, rejected, (lines) => {
    for (const line of lines) {
      fs.writeFileSync(path.join(pending, nextName('line')), line, { mode: 0o600, flush: true });
    }
    const handle = fs.openSync(pending, 'r');
    try {
      fs.fsyncSync(handle);
    } finally {
      fs.closeSync(handle);
    }
  });

  const waiting = pendingNames(pending);
  let backlog = waiting.length;
  let bytes = waiting.reduce((sum, name) => sum + sizeOf(path.join(pending, name)), 0);
  let rejectedCount = fs.readdirSync(rejected).length;

  const setAside = (name: string): string => {
    const target = path.join(rejected, name);
    fs.renameSync(path.join(pending, name), target);
    rejectedCount += 1;
    return target;
  };
  // One replay at a time; appends go on beside it (a replay sees only records already renamed into place).
  let replaying: Promise<unknown> = Promise.resolve();

  return {
    async append(delivery) {
      const data = Buffer.from(JSON.stringify(SpooledDelivery.parse(delivery)));
      if (bytes + data.length > SPOOL_MAX_BYTES) throw new SpoolFullError();
      // Counted from the start, so appends side by side cannot pass the limit together.
      bytes += data.length;
      backlog += 1;
      try {
        await writeRecord(nextName(delivery.id), data);
      } catch (error) {
        bytes -= data.length;
        backlog -= 1;
        throw error;
      }
    },
    backlog: () => backlog,
    rejected: () => rejectedCount,
    replay(store) {
      const result = replaying.then(async (): Promise<ReplayResult> => {
        const outcome: ReplayResult = { stored: 0, refused: 0, unreadable: [] };
        for (const name of pendingNames(pending)) {
          const file = path.join(pending, name);
          const size = sizeOf(file);
          const text = readText(file);
          const delivery = SpooledDelivery.safeParse(safeJson(text));
          if (!delivery.success) {
            outcome.unreadable.push(setAside(name));
          } else {
            const stored = await store(delivery.data);
            if (stored === 'unavailable') return outcome;
            if (stored === 'refused') {
              setAside(name);
              outcome.refused += 1;
            } else {
              fs.rmSync(file);
              outcome.stored += 1;
            }
          }
          backlog -= 1;
          bytes -= size;
        }
        return outcome;
      });
      replaying = result.catch(() => {});
      return result;
    },
  };
}

/** The records waiting, oldest first. */
function pendingNames(pending: string): string[] {
  return fs
    .readdirSync(pending)
    .filter((name) => RECORD.test(name))
    .sort();
}

function sequenceOf(name: string): number {
  return Number(RECORD.exec(name)?.[1] ?? 0);
}

/** Makes a rename in the directory durable. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function safeJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
