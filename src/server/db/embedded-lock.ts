import fs from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class EmbeddedDatabaseBusyError extends Error {
  /** the process that holds the lock, when one does */
  constructor(
    message: string,
    readonly holder?: number,
  ) {
    super(message);
  }
}

/**
 * The embedded database belongs to one process: opening the same PGlite directory twice corrupts
 * it. A pid file next to it refuses a second opener with a clear message; a stale one is replaced.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new EmbeddedDatabaseBusyError(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop the app first, or set DATABASE_URL to use PostgreSQL.`,
          holder,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new EmbeddedDatabaseBusyError(`Could not lock the embedded database in ${dataDir}`);
}
