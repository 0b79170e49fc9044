import pg from 'pg';

/**
 * A database of its own on TEST_DATABASE_URL's server, for a journey whose app must hold only its
 * own data (or that runs several instances on one database); `drop` removes it, connections and all.
 */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await server.connect();
  const database = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  await server.query(`create database "${database}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return {
    url: url.href,
    async drop() {
      await server.query(`drop database if exists "${database}" with (force)`);
      await server.end();
    },
  };
}
