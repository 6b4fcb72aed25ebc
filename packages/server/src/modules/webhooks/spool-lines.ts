import fs from 'node:fs';
import path from 'node:path';

/** The spool's earlier layout: deliveries as lines of shared files, the one being replayed first. */
const LINE_FILES = ['deliveries.replaying.jsonl', 'deliveries.jsonl'];
const REFUSED_LINES = 'deliveries.refused.jsonl';

/**
 * Takes over what a spool in the earlier layout still holds: each file's lines are handed to `keep`
 * (which writes each as a record of its own, durably), in order, and only then is the file removed; the lines set aside then are
 * moved to `rejected`. A crash in the middle keeps a line twice at worst, which the inbox recognises.
 */
export function adoptSpoolLines(directory: string, rejected: string, keep: (lines: string[]) => void): void {
  for (const name of LINE_FILES) {
    const file = path.join(directory, name);
    if (!fs.existsSync(file)) continue;
    keep(fs.readFileSync(file, 'utf8').split('\n').filter(Boolean));
    fs.rmSync(file);
  }
  const refused = path.join(directory, REFUSED_LINES);
  if (fs.existsSync(refused)) fs.renameSync(refused, path.join(rejected, REFUSED_LINES));
}
