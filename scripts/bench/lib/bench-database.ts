import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../../../src/server/db/client';
import { sessions, twoFactors, users } from '../../../src/server/db/schema';
import { seed } from '../../../src/server/db/seed';

/**
 * A fresh PostgreSQL database for a bench, beside the server's others (BENCH_DATABASE_URL, default
 * the local test server): created, migrated and seeded; dropped after `run`, or kept with KEEP=1
 * (its name printed) to look at its plans afterwards.
 */
export async function withBenchPostgres<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  try {
    await database.migrate();
    await seed(database.db);
    return await run(database);
  } finally {
    await database.close();
    if (process.env.KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * An administrator for a bench, signed in: signed up through the API (its session cookie), then
 * promoted with a second factor on record, as the tests' promoteEnrolledAdmin does (the admin
 * endpoints need one and a session opened with it, ADR 0027; this session never signs in with a code).
 */
export async function benchAdmin(base: string, database: Database, email: string, name = 'Bench Admin'): Promise<{ id: string; cookie: string }> {
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'a sturdy operator passphrase' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const [user] = await database.db.update(users).set({ isAdmin: true, twoFactorEnabled: true }).where(eq(users.email, email)).returning({ id: users.id });
  await database.db.insert(twoFactors).values({ id: randomUUID(), userId: user!.id, secret: 'stand-in', backupCodes: 'stand-in', verified: true });
  await database.db.update(sessions).set({ secondFactor: true }).where(eq(sessions.userId, user!.id));
  return { id: user!.id, cookie };
}
