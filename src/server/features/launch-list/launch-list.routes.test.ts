import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { launchList } from '@server/db/schema';
import { buildTestApp, signUp, uniqueEmail, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

let ipCounter = 0;
/** A fresh client address per call, so the per-IP limit only counts what a test means it to. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(testDatabases)('launch list on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let admin: { cookie: string };
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database, { SUPPORT_RATE_LIMIT: '3' }));
    const account = await signUp(app);
    await promoteEnrolledAdmin(database.db, account.user.email);
    admin = account;
  });
  afterAll(async () => {
    await app?.close();
  });

  const join = (payload: unknown, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: '/api/launch-list', payload: payload as never, remoteAddress });
  const rowsFor = (email: string) =>
    database.db
      .select()
      .from(launchList)
      .where(sql`lower(${launchList.email}) = lower(${email})`);
  const csv = () => app.inject({ method: 'GET', url: '/api/admin/launch-list.csv', headers: { cookie: admin.cookie } });

  it('stores an address once whatever its case, with the language, and answers the same every time', async () => {
    const email = uniqueEmail('launch');
    const first = await join({ email: `  ${email}  `, language: 'es' });
    expect(first.statusCode).toBe(202);
    const again = await join({ email: email.toUpperCase(), language: 'en' });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, language: 'es' });
    // no language: English
    const plain = uniqueEmail('plain');
    await join({ email: plain });
    expect((await rowsFor(plain))[0]?.language).toBe('en');
  });

  it('refuses what the form refuses (400 with the field) and anything else', async () => {
    for (const [payload, field] of [
      [{}, 'email'],
      [{ email: '' }, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ email: uniqueEmail(), language: 'fr' }, 'language'],
    ] as const) {
      const answer = await join(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(answer.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
  });

  it('is rate-limited per IP like the support form (429 with Retry-After)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await join({ email: uniqueEmail('burst') }, ip)).statusCode).toBe(202);
    const refused = await join({ email: uniqueEmail('burst') }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await join({ email: uniqueEmail('other') })).statusCode).toBe(202);
  });

  it('gives administrators the count and a streamed CSV: UTF-8 with BOM, every address once, oldest first, no formulas', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/admin/launch-list', headers: { cookie: admin.cookie } })).json().count;
    // more than two read batches of 1,000
    const bulk = Array.from({ length: 2_345 }, (_, i) => ({ email: `bulk-${i}-${Date.now()}@example.com`, language: i % 2 ? 'es' : 'en' }));
    await database.db.insert(launchList).values(bulk);
    const formula = `=cmd+${Date.now()}@example.com`;
    await database.db.insert(launchList).values({ email: formula, language: 'es' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/launch-list', headers: { cookie: admin.cookie } })).json()).toEqual({
      count: before + bulk.length + 1,
    });

    const answer = await csv();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="launch-list-\d{4}-\d\d-\d\d\.csv"$/);
    // a list of people's emails: kept by no cache, never read as another type
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = answer.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('email,language,signed_up_at');
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -1);
    expect(body).toHaveLength(before + bulk.length + 1);
    const emails = body.map((line) => line.split(',')[0]);
    expect(new Set(emails).size).toBe(emails.length);
    for (const entry of bulk) expect(emails).toContain(entry.email);
    expect(body).toContain(`'${formula},es,${body.find((line) => line.startsWith(`'${formula}`))?.split(',')[2]}`);
    const dates = body.map((line) => line.split(',')[2]!);
    expect(dates.every((date) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(date))).toBe(true);
    expect([...dates].sort()).toEqual(dates);
  });
});
