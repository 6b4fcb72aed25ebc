import { hash, type Options, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`, a const enum the type-stripping runtime cannot read. */
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;

/** OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    // Spend the same time as a real check, so timing does not tell which accounts exist.
    await hash(password, ARGON2_OPTIONS);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
