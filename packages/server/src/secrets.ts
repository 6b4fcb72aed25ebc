import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from './db/private-files.ts';

export type AppKeys = {
  /** HMAC key for session JWTs. */
  sessionSigningKey: Uint8Array;
  /** AES-256 key for secrets stored in the database (e.g. OAuth tokens). */
  storageEncryptionKey: Uint8Array;
  /** HMAC key for signed cookies (the ServiceM8 sign-in's browser binding). */
  cookieSigningKey: Uint8Array;
  /** HMAC key for the unsubscribe links in automated client emails. */
  unsubscribeSigningKey: Uint8Array;
};

/**
 * Derives purpose-bound keys from APP_SECRET_KEY. Without it (development, tests, demo), a random
 * secret is generated once into DATA_DIR/secret-key so sessions survive restarts.
 */
export function resolveAppKeys(config: Pick<Config, 'appSecretKey' | 'dataDir'>): AppKeys {
  const secret = config.appSecretKey ?? readOrCreateLocalSecret(config.dataDir);
  const derive = (purpose: string) => new Uint8Array(hkdfSync('sha256', secret, 'automate', `automate:${purpose}`, 32));
  return {
    sessionSigningKey: derive('session-jwt'),
    storageEncryptionKey: derive('storage-encryption'),
    cookieSigningKey: derive('cookie-signing'),
    unsubscribeSigningKey: derive('unsubscribe-links'),
  };
}

function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  ensurePrivateDirectory(dataDir);
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return secret;
}
