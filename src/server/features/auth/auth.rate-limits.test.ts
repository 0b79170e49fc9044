import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';
import { buildTestApp, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { testRedisUrl, uniqueRedisPrefix } from '@server/test/redis';

/** The same behaviour whichever store counts: the database, or Redis when REDIS_URL is set. */
const stores = [
  { store: 'database counters', settings: (): Record<string, string> => ({}) },
  ...(testRedisUrl
    ? [{ store: 'Redis counters', settings: (): Record<string, string> => ({ REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: uniqueRedisPrefix() }) }]
    : []),
];
const cases = testDatabases.flatMap((target) => stores.map((store) => ({ ...store, target, name: target.name })));

const windowSeconds = 900;
const limits = {
  AUTH_RATE_LIMIT_IP: '20',
  AUTH_RATE_LIMIT_ACCOUNT: '10',
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: '15',
  AUTH_RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
  SUPPORT_RATE_LIMIT: '2',
};

let addressCounter = 0;
/** A client address of its own per call, so tests never share a per-IP counter. */
const newAddress = () => `10.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}.${Math.floor(Math.random() * 250) + 1}`;

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'rate_limited', message: 'errors.rate_limited' } });
  // whole seconds until the window frees: within the window, never zero
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(windowSeconds - 60);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
}

describe.each(cases)('brute-force limits with $store on $name', { timeout: 60_000 }, ({ target, settings }) => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database, { ...limits, ...settings() }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const signIn = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });
  const requestReset = (email: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email }, remoteAddress });
  const resetMails = async (email: string) => {
    await app.services.background.settled();
    await app.services.mail.drain();
    return database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'passwordReset')));
  };
  const resetPassword = async (email: string, password: string, remoteAddress: string) => {
    const token = new URL(String((await resetMails(email)).at(-1)?.payload.resetUrl)).searchParams.get('token');
    return app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password }, remoteAddress });
  };
  const wrongPasswords = async (email: string, addresses: string[]) => {
    for (const address of addresses) expect((await signIn(email, 'not the password at all', address)).statusCode).toBe(401);
  };

  it('stops a guesser at their address after 10 wrong passwords, but not the owner at another', async () => {
    const { user } = await signUp(app);
    const [a, b] = [newAddress(), newAddress()];
    await wrongPasswords(
      user.email,
      Array.from({ length: 10 }, () => a),
    );
    expectRateLimited(await signIn(user.email, strongPassword, a));
    expect((await signIn(user.email, strongPassword, b)).statusCode).toBe(200);
  });

  it('never refuses the reset email because of the account, and a completed reset lifts the lock', async () => {
    const { user } = await signUp(app);
    const a = newAddress();
    await wrongPasswords(
      user.email,
      Array.from({ length: 10 }, () => a),
    );
    expectRateLimited(await signIn(user.email, strongPassword, a));
    // from the guessing address itself and from anywhere else
    expect((await requestReset(user.email, a)).statusCode).toBe(202);
    expect((await requestReset(user.email, newAddress())).statusCode).toBe(202);
    expect(await resetMails(user.email)).toHaveLength(2);
    const newPassword = 'lanterns over the harbor';
    expect((await resetPassword(user.email, newPassword, newAddress())).statusCode).toBe(200);
    expect((await signIn(user.email, newPassword, a)).statusCode).toBe(200);
  });

  it('stops guessing spread over many addresses at the account ceiling, until the owner resets', async () => {
    const { user } = await signUp(app);
    await wrongPasswords(user.email, Array.from({ length: 15 }, newAddress));
    // a fresh address, the right password: the ceiling of 15 holds
    expectRateLimited(await signIn(user.email, strongPassword, newAddress()));
    expect((await requestReset(user.email, newAddress())).statusCode).toBe(202);
    const newPassword = 'copper kettles sing loudly';
    expect((await resetPassword(user.email, newPassword, newAddress())).statusCode).toBe(200);
    expect((await signIn(user.email, newPassword, newAddress())).statusCode).toBe(200);
  });

  it('caps reset emails per account silently: every request is 202, only 10 emails go out', async () => {
    const { user } = await signUp(app);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await requestReset(user.email, newAddress())).statusCode);
    expect(answers).toEqual(Array.from({ length: 12 }, () => 202));
    expect(await resetMails(user.email)).toHaveLength(10);
  });

  it('limits one address across accounts, counting concurrent attempts', async () => {
    const address = newAddress();
    const attempts = await Promise.all(Array.from({ length: 24 }, () => signIn(uniqueEmail('spray'), 'wrong password', address)));
    expect(attempts.filter((a) => a.statusCode === 401)).toHaveLength(20);
    const refused = attempts.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(4);
    refused.forEach(expectRateLimited);
  });

  it('limits reset requests per address (an abusive address gets 429 with Retry-After)', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) expect((await requestReset(uniqueEmail('reset'), address)).statusCode).toBe(202);
    expectRateLimited(await requestReset(uniqueEmail('reset'), address));
  });

  it('sends Retry-After on every rate-limited route, the support form too', async () => {
    const address = newAddress();
    const ticket = () => ({ name: 'Ana Pérez', email: uniqueEmail('ana'), support_message: 'My EIN has not arrived yet, can you check?' });
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ method: 'POST', url: '/api/support-tickets', payload: ticket(), remoteAddress: address })).statusCode).toBe(201);
    const refused = await app.inject({ method: 'POST', url: '/api/support-tickets', payload: ticket(), remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    // the support window is 15 minutes
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });
});
