import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/private-files.ts';

/** Where uploaded files live. The local folder is the default; a cloud bucket would implement the same. */
export type FileStorage = {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(name: string): Promise<Uint8Array | null>;
};

const SAFE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

export function createLocalFileStorage(folder: string): FileStorage {
  const resolve = (name: string) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Not a storable file name: ${name}`);
    return path.join(folder, name);
  };
  return {
    async put(name, bytes) {
      await fs.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      await fs.writeFile(resolve(name), bytes, { mode: PRIVATE_FILE_MODE });
    },
    async get(name) {
      if (!SAFE_NAME.test(name) || name.includes('..')) return null;
      try {
        return new Uint8Array(await fs.readFile(resolve(name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
