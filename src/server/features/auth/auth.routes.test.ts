import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox, users, verifications } from '@server/db/schema';
import { buildTestApp, cookieFrom, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { createAdmin, promoteAdmin } from './admin-accounts';

describe.each(testDatabases)('accounts API on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let outboxDir: string;
  beforeAll(async () => {
    database = await target.open();
    const built = await buildTestApp(database, { AUTH_RATE_LIMIT_IP: '1000', AUTH_RATE_LIMIT_ACCOUNT: '5' });
    app = built.app;
    outboxDir = built.config.outboxDir;
  });
  afterAll(async () => {
    await app?.close();
  });

  const signIn = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });

  it('signs up: 201, the user, an httpOnly SameSite=Lax session cookie, and /api/me works with it', async () => {
    const email = uniqueEmail();
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: '  Ana María Pérez ', email: email.toUpperCase(), password: strongPassword } });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toEqual({ id: expect.any(String), name: 'Ana María Pérez', email, isAdmin: false });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/frontera\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // APP_URL is http in tests
    const profile = await me(cookieFrom(response));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.email).toBe(email);
  });

  it('marks the cookie Secure when APP_URL is https', async () => {
    const secureDb = await target.open();
    const { app: secureApp } = await buildTestApp(secureDb, { APP_URL: 'https://llc.example.com' });
    const response = await secureApp.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Sam', email: uniqueEmail(), password: strongPassword } });
    expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    await secureApp.close();
  });

  it('refuses a taken email with auth.emailExists', async () => {
    const { user } = await signUp(app);
    const again = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Other', email: user.email, password: strongPassword } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('auth.emailExists');
  });

  it.each([
    [{ name: '', email: 'a@b.co', password: strongPassword }, { name: 'auth.nameRequired' }],
    [{ email: 'a@b.co', password: strongPassword }, { name: 'auth.nameRequired' }],
    [{ name: 'A', email: '', password: strongPassword }, { email: 'auth.emailRequired' }],
    [{ name: 'A', email: 'not-an-email', password: strongPassword }, { email: 'auth.validEmail' }],
    [{ name: 'A', email: 'a@b.co', password: '' }, { password: 'auth.passwordRequired' }],
    [{ name: 'A', email: 'a@b.co', password: 'short1' }, { password: 'auth.passwordLength' }],
    [{ name: 'A', email: 'a@b.co', password: 'password123' }, { password: 'auth.weakPassword' }],
    [{ name: 'A', email: 'a@b.co', password: 'x'.repeat(129) }, { password: 'auth.passwordTooLong' }],
    [{ name: 'A'.repeat(101), email: 'a@b.co', password: strongPassword }, { name: 'auth.nameTooLong' }],
    [{ name: 42, email: 'a@b.co', password: strongPassword }, { name: 'auth.nameRequired' }],
  ])('refuses sign-up %o with field errors %o', async (payload, fields) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual(fields);
  });

  it('accepts a 64-character passphrase', async () => {
    const password = 'a long passphrase that keeps going and going until sixty-four ch';
    expect(password).toHaveLength(64);
    const { user } = await signUp(app, { password });
    expect((await signIn(user.email, password)).statusCode).toBe(200);
  });

  it('signs in, and gives the same 401 for a wrong password and an unknown email', async () => {
    const { user } = await signUp(app);
    const ok = await signIn(user.email.toUpperCase(), strongPassword);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.id);
    expect(cookieFrom(ok)).toMatch(/frontera\.session_token=/);

    const wrong = await signIn(user.email, 'not the password at all');
    const unknown = await signIn(uniqueEmail('ghost'), 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'unauthorized', message: 'auth.invalidCredentials' } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('takes similar time for an unknown email and a wrong password', async () => {
    const { user } = await signUp(app);
    const time = async (email: string) => {
      const started = performance.now();
      await signIn(email, 'wrong password here');
      return performance.now() - started;
    };
    // warm up, then compare medians of a few tries: both paths hash a password
    await time(user.email);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('signs out on the server: the old cookie is 401 afterwards', async () => {
    const { cookie } = await signUp(app);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });

  it('GET /api/session answers the user or null, never an error', async () => {
    const { cookie, user } = await signUp(app);
    expect((await app.inject({ url: '/api/session', headers: { cookie } })).json()).toEqual({ user });
    const visitor = await app.inject('/api/session');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
  });

  it('answers 401 without a cookie and with a forged one', async () => {
    expect((await app.inject('/api/me')).statusCode).toBe(401);
    expect((await me('frontera.session_token=forged.value')).statusCode).toBe(401);
  });

  it('refuses a cross-site state change', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { origin: 'https://evil.example' }, payload: { email: 'a@b.co', password: 'x' } });
    expect(response.statusCode).toBe(403);
  });

  it('sends a welcome email with the first name, in the language of the sign-up', async () => {
    const { user } = await signUp(app, { name: 'Lucía Gómez', language: 'es' });
    await app.services.mail.drain();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(row).toMatchObject({ template: 'welcome', language: 'es', status: 'sent' });
    const files = fs.readdirSync(outboxDir).map((f) => fs.readFileSync(`${outboxDir}/${f}`, 'utf8'));
    const mail = files.find((text) => text.includes(`To: ${user.email}`));
    expect(mail).toContain('Subject: Bienvenido a Frontera');
    expect(mail).toContain('Hola Luc');
  });

  it('stores the language used at sign-in', async () => {
    const { user } = await signUp(app, { language: 'en' });
    await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: strongPassword, language: 'es' } });
    const [row] = await database.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row?.language).toBe('es');
  });

  describe('password reset', () => {
    const requestReset = (email: string) => app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
    const latestToken = async (email: string) => {
      await app.services.mail.drain();
      const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
      const reset = rows.filter((r) => r.template === 'passwordReset').at(-1);
      return new URL(String(reset?.payload.resetUrl)).searchParams.get('token')!;
    };

    it('answers the same for known and unknown emails and emails a link only to the account', async () => {
      const { user } = await signUp(app);
      const known = await requestReset(user.email);
      const unknownEmail = uniqueEmail('ghost');
      const unknown = await requestReset(unknownEmail);
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(known.json());
      await app.services.mail.drain();
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, unknownEmail))).toEqual([]);
      expect(await latestToken(user.email)).toMatch(/\w{10,}/);
    });

    it('sets a new password once, ends every session, and refuses the link a second time', async () => {
      const { user, cookie } = await signUp(app);
      await requestReset(user.email);
      const token = await latestToken(user.email);
      const newPassword = 'a brand new passphrase';
      const reset = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: newPassword } });
      expect(reset.statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await signIn(user.email, strongPassword)).statusCode).toBe(401);
      expect((await signIn(user.email, newPassword)).statusCode).toBe(200);
      const again = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'yet another passphrase' } });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe('auth.resetInvalid');
    });

    it('refuses an expired link and a weak new password', async () => {
      const { user } = await signUp(app);
      await requestReset(user.email);
      const token = await latestToken(user.email);
      const weak = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: '12345678' } });
      expect(weak.json().error.fields).toEqual({ password: 'auth.weakPassword' });
      await database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `reset-password:${token}`));
      const expired = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'a brand new passphrase' } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toBe('auth.resetInvalid');
    });
  });

  describe('administrators', () => {
    it('are made by createAdmin / promoteAdmin, and only they pass requireAdmin', async () => {
      const adminEmail = uniqueEmail('admin');
      await createAdmin(app.services.auth, database.db, { email: adminEmail, password: strongPassword, name: 'Root Admin', minPasswordLength: 8 });
      const admin = await signIn(adminEmail, strongPassword);
      expect(admin.json().user.isAdmin).toBe(true);

      const { user, cookie } = await signUp(app);
      expect((await me(cookie)).json().user.isAdmin).toBe(false);
      await promoteAdmin(database.db, user.email);
      expect((await me(cookie)).json().user.isAdmin).toBe(true);
      await expect(promoteAdmin(database.db, uniqueEmail('nobody'))).rejects.toThrow(/No account/);
      await expect(createAdmin(app.services.auth, database.db, { email: adminEmail, password: strongPassword, name: 'X', minPasswordLength: 8 })).rejects.toThrow(/already exists/);
      await expect(createAdmin(app.services.auth, database.db, { email: uniqueEmail(), password: 'password', name: 'X', minPasswordLength: 8 })).rejects.toThrow(/password/);
    });
  });
});

describe.each(testDatabases)('sign-in rate limits on $name', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await target.open();
    ({ app } = await buildTestApp(database, { AUTH_RATE_LIMIT_IP: '8', AUTH_RATE_LIMIT_ACCOUNT: '3' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 after the per-account limit, even with the right password', async () => {
    const { user } = await signUp(app);
    for (let i = 0; i < 3; i++) {
      const attempt = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: 'wrong password' }, remoteAddress: `10.0.0.${i + 1}` });
      expect(attempt.statusCode).toBe(401);
    }
    const blocked = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: strongPassword }, remoteAddress: '10.0.0.9' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'rate_limited', message: 'errors.rate_limited' });
  });

  it('answers 429 after the per-IP limit across accounts, and counts concurrent attempts', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: uniqueEmail('spray'), password: 'wrong password' }, remoteAddress: '10.9.9.9' }),
      ),
    );
    const statuses = attempts.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('limits password-reset requests too', async () => {
    const email = uniqueEmail('reset');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email }, remoteAddress: `10.1.0.${i}` })).statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 429]);
  });
});
