import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/db. */
export function openDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL ? Promise.resolve(openPostgres(config.DATABASE_URL)) : openPglite(config.dbDir);
}
