import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/private-files.ts';

/** Where uploaded files live. The local folder is the default; a cloud bucket would implement the same. */
export type FileStorage = {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(name: string): Promise<Uint8Array | null>;
  /** Removes the file; one that is not there is already removed. */
  delete(name: string): Promise<void>;
  /** The files whose names start with `prefix`, with when each was last written. */
  list(prefix: string): Promise<Array<{ name: string; modifiedAt: Date }>>;
};

const SAFE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

const isSafe = (name: string) => SAFE_NAME.test(name) && !name.includes('..');
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalFileStorage(folder: string): FileStorage {
  const resolve = (name: string) => {
    if (!isSafe(name)) throw new Error(`Not a storable file name: ${name}`);
    return path.join(folder, name);
  };
  return {
    async put(name, bytes) {
      await fs.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      await fs.writeFile(resolve(name), bytes, { mode: PRIVATE_FILE_MODE });
    },
    async get(name) {
      if (!isSafe(name)) return null;
      try {
        return new Uint8Array(await fs.readFile(resolve(name)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      if (!isSafe(name)) return;
      await fs.rm(resolve(name), { force: true });
    },
    async list(prefix) {
      let names: string[];
      try {
        names = await fs.readdir(folder);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const listed = await Promise.all(
        names
          .filter((name) => name.startsWith(prefix) && isSafe(name))
          .map(async (name) => {
            try {
              return { name, modifiedAt: (await fs.stat(resolve(name))).mtime };
            } catch (error) {
              if (isMissing(error)) return null;
              throw error;
            }
          }),
      );
      return listed.filter((file) => file !== null);
    },
  };
}
