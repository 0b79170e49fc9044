import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './client';
import { lockEmbeddedDatabase } from './embedded-lock';
import { openDatabase } from './open';
import { seed } from './seed';

/** Opens the configured database for a long-running process: lock (embedded), migrate, seed. */
export async function bootstrapDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  const release = config.DATABASE_URL ? () => undefined : lockEmbeddedDatabase(path.dirname(config.dbDir));
  try {
    const database = await openDatabase(config);
    await database.migrate();
    await seed(database.db);
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}
