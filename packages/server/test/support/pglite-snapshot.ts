import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a PGlite data-directory dump (an uncompressed tar, as `dumpDataDir('none')` makes it) out as
 * the directory itself, ready for PGlite to open: a copy of files, far cheaper than PGlite loading the
 * dump and writing every file through its own file system.
 */
export function extractSnapshot(tarPath: string, targetDir: string): void {
  const tar = fs.readFileSync(tarPath);
  fs.mkdirSync(targetDir, { recursive: true });
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    const name = field(header, 0, 100);
    if (name === '') break; // two empty blocks end the archive
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12) || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const relative = path.posix.join(prefix, name).replace(/^\/+/, '');
    const target = path.join(targetDir, relative);
    if (!target.startsWith(targetDir)) throw new Error(`tar entry outside the target: ${relative}`);
    const body = offset + 512;
    if (type === '5') fs.mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '\0') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(body, body + size));
    } else throw new Error(`unexpected tar entry type "${type}" for ${relative}`);
    offset = body + Math.ceil(size / 512) * 512;
  }
}

function field(header: Buffer, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes
    .subarray(0, end === -1 ? length : end)
    .toString('utf8')
    .trim();
}
