import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Deliveries ServiceM8 sent while the database could not take them. ServiceM8 waits 10 s for an
 * answer and deactivates a subscription after repeated failures, so the intake answers 200 only once
 * the delivery is on disk here (appended and fsynced), and the replayer moves it into the database,
 * in order, when the database is back.
 *
 * One file of JSON lines, `deliveries.jsonl`, appended to. A replay first renames it (new deliveries
 * start a new file), stores its lines one by one, and rewrites what is left when the database fails
 * again; a replay interrupted by a crash is resumed from that file at the next start. The inbox's
 * de-duplication makes a line stored twice harmless.
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

export type DeliverySpool = {
  /** Appends the delivery and waits until it is on disk; throws when it cannot be written. */
  append(delivery: SpooledDelivery): Promise<void>;
  /** Deliveries waiting to be replayed. */
  backlog(): number;
  /** Replays the waiting deliveries in order, until one finds the database away. */
  replay(store: (delivery: SpooledDelivery) => Promise<ReplayOutcome>): Promise<{ stored: number; refused: number }>;
};

/** A spool larger than this is a database gone for far too long: the intake answers 503 instead. */
export const SPOOL_MAX_BYTES = 64 * 1024 * 1024;

class SpoolFullError extends Error {
  constructor() {
    super(`The delivery spool is full (${SPOOL_MAX_BYTES} bytes)`);
    this.name = 'SpoolFullError';
  }
}

const PENDING = 'deliveries.jsonl';
const REPLAYING = 'deliveries.replaying.jsonl';
const REFUSED = 'deliveries.refused.jsonl';

export function openDeliverySpool(directory: string): DeliverySpool {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = (name: string) => path.join(directory, name);
  let backlog = countLines(file(REPLAYING)) + countLines(file(PENDING));
  let bytes = sizeOf(file(REPLAYING)) + sizeOf(file(PENDING));
  // Appends and replays take turns, so a replay never renames the file under an append.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => {});
    return result;
  };

  return {
    append: (delivery) =>
      inTurn(async () => {
        const line = `${JSON.stringify(SpooledDelivery.parse(delivery))}\n`;
        const size = Buffer.byteLength(line);
        if (bytes + size > SPOOL_MAX_BYTES) throw new SpoolFullError();
        await appendDurably(file(PENDING), line);
        backlog += 1;
        bytes += size;
      }),
    backlog: () => backlog,
    replay: (store) =>
      inTurn(async () => {
        let stored = 0;
        let refused = 0;
        if (!fs.existsSync(file(REPLAYING))) {
          if (!fs.existsSync(file(PENDING))) return { stored, refused };
          fs.renameSync(file(PENDING), file(REPLAYING));
        }
        const lines = fs.readFileSync(file(REPLAYING), 'utf8').split('\n').filter(Boolean);
        for (const [index, line] of lines.entries()) {
          const delivery = SpooledDelivery.safeParse(safeJson(line));
          const outcome = delivery.success ? await store(delivery.data) : 'refused';
          if (outcome === 'unavailable') {
            const rest = lines
              .slice(index)
              .map((kept) => `${kept}\n`)
              .join('');
            fs.writeFileSync(file(`${REPLAYING}.next`), rest, { mode: 0o600 });
            fs.renameSync(file(`${REPLAYING}.next`), file(REPLAYING));
            return { stored, refused };
          }
          if (outcome === 'refused') {
            await appendDurably(file(REFUSED), `${line}\n`);
            refused += 1;
          } else stored += 1;
          backlog -= 1;
          bytes -= Buffer.byteLength(line) + 1;
        }
        fs.rmSync(file(REPLAYING));
        return { stored, refused };
      }),
  };
}

async function appendDurably(filePath: string, text: string): Promise<void> {
  const handle = await fs.promises.open(filePath, 'a', 0o600);
  try {
    await handle.appendFile(text);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

function countLines(filePath: string): number {
  if (!fs.existsSync(filePath)) return 0;
  return fs.readFileSync(filePath, 'utf8').split('\n').filter(Boolean).length;
}

function sizeOf(filePath: string): number {
  return fs.existsSync(filePath) ? fs.statSync(filePath).size : 0;
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
