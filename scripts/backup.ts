/**
 * `npm run backup -- [folder]`: a backup of the database and DATA_DIR into a new folder under `folder`
 * (./backups by default). `npm run restore -- <backup folder>`: puts one back into an empty database.
 * Both read DATA_DIR and DATABASE_URL as the server does. On the embedded database, stop the server
 * first (its data directory is the database); on PostgreSQL, pg_dump and pg_restore must be on the PATH.
 */
import path from 'node:path';
import { backup, restore } from '../packages/server/src/operations/backup.ts';

const [command, folder] = process.argv.slice(2);
const target = {
  dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
};

try {
  if (command === 'backup') {
    const written = await backup(target, path.resolve(folder ?? './backups'));
    console.info(`Backup written to ${written}`);
  } else if (command === 'restore' && folder) {
    const manifest = await restore(target, path.resolve(folder));
    console.info(`Restored the backup of ${manifest.createdAt} (Automate ${manifest.appVersion}). Start the server.`);
  } else {
    console.error('Usage: npm run backup -- [folder]   |   npm run restore -- <backup folder>');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
