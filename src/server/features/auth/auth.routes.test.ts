import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox, users, verifications } from '@server/db/schema';
import { buildTestApp, cookieFrom, sharedDatabase, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { createAdmin, promoteAdmin } from '../../domain/admin-accounts';

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

  it('a sign-up whose account row cannot be written because the database connection fails is a 503 to retry, not a 422 about the input', async () => {
    // the insert fails as a lost connection does (SQLSTATE 08006), after the email check succeeded
    await database.db.execute(
      sql.raw(
        `create or replace function lose_connection_on_signup() returns trigger language plpgsql as $$ begin raise exception 'connection failure' using errcode = '08006'; end $$`,
      ),
    );
    await database.db.execute(
      sql.raw(
        `create trigger lose_connection_on_signup before insert on users for each row when (new.email like 'outage-%') execute function lose_connection_on_signup()`,
      ),
    );
    try {
      const email = uniqueEmail('outage');
      const refused = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Ana Outage', email, password: strongPassword } });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ error: { code: 'unavailable', message: 'errors.unavailable' } });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      // any other failure Better Auth reports as its own stays what it was: a taken address is still 409
      const taken = await signUp(app);
      expect(
        (await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Ana Again', email: taken.user.email, password: strongPassword } }))
          .statusCode,
      ).toBe(409);
    } finally {
      await database.db.execute(sql.raw('drop trigger lose_connection_on_signup on users'));
      await database.db.execute(sql.raw('drop function lose_connection_on_signup()'));
    }
    // once the database answers again, an address of the same kind signs up
    const email = uniqueEmail('outage');
    expect((await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Ana Outage', email, password: strongPassword } })).statusCode).toBe(
      201,
    );
  });

  it('signs up: 201, the user, an httpOnly SameSite=Lax session cookie, and /api/me works with it', async () => {
    const email = uniqueEmail();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: '  Ana María Pérez ', email: email.toUpperCase(), password: strongPassword },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toEqual({
      id: expect.any(String),
      name: 'Ana María Pérez',
      email,
      emailVerified: false,
      isAdmin: false,
      twoFactorEnabled: false,
    });
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
    const response = await secureApp.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Sam', email: uniqueEmail(), password: strongPassword },
    });
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
    // variants of the long list's entries, and passwords with almost nothing in them
    [{ name: 'A', email: 'a@b.co', password: 'Password2024' }, { password: 'auth.weakPassword' }],
    [{ name: 'A', email: 'a@b.co', password: 'Summer2024!' }, { password: 'auth.weakPassword' }],
    [{ name: 'A', email: 'a@b.co', password: 'P@ssw0rd!' }, { password: 'auth.weakPassword' }],
    [{ name: 'A', email: 'a@b.co', password: 'Welcome2026' }, { password: 'auth.weakPassword' }],
    [{ name: 'A', email: 'a@b.co', password: 'M0nk3y!!' }, { password: 'auth.weakPassword' }],
    [{ name: 'A', email: 'a@b.co', password: ' '.repeat(8) }, { password: 'auth.passwordTooSimple' }],
    [{ name: 'A', email: 'a@b.co', password: 'abababab' }, { password: 'auth.passwordTooSimple' }],
    // the name or the email's local part, whatever the case and accents
    [{ name: 'Lucía Gómez', email: 'a@b.co', password: 'my name is LUCIA okay' }, { password: 'auth.passwordPersonal' }],
    [{ name: 'A', email: 'jdoe.smith+shop@b.co', password: 'hello jdoesmith friend' }, { password: 'auth.passwordPersonal' }],
    [{ name: 'A', email: 'Marlowe@b.co', password: 'marlowe my good friend' }, { password: 'auth.passwordPersonal' }],
    [{ name: 'A', email: 'a@b.co', password: 'x'.repeat(129) }, { password: 'auth.passwordTooLong' }],
    [{ name: 'A'.repeat(101), email: 'a@b.co', password: strongPassword }, { name: 'auth.nameTooLong' }],
    [{ name: 42, email: 'a@b.co', password: strongPassword }, { name: 'auth.nameRequired' }],
  ])('refuses sign-up %o with field errors %o', async (payload, fields) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual(fields);
  });

  it('accepts a strong passphrase that shares only short pieces with the name and email', async () => {
    // 'Al' and 'jo' are under three characters; the passphrase is on no list
    const { user } = await signUp(app, { name: 'Al Jo', email: uniqueEmail('jo'), password: 'violet tractors hum at dawn' });
    expect((await signIn(user.email, 'violet tractors hum at dawn')).statusCode).toBe(200);
    // and the usual test password, under the usual test name
    expect((await signUp(app, { password: strongPassword })).password).toBe('correct horse battery staple');
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
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('sends a welcome email with the first name, in the language of the sign-up', async () => {
    const { user } = await signUp(app, { name: 'Lucía Gómez', language: 'es' });
    await app.services.mail.drain();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(row).toMatchObject({ template: 'welcome', language: 'es', status: 'sent' });
    const files = fs.readdirSync(outboxDir).map((f) => fs.readFileSync(`${outboxDir}/${f}`, 'utf8'));
    const mail = files.find((text) => text.includes(`To: ${user.email}`));
    expect(mail).toContain('Subject: Le damos la bienvenida a Frontera');
    expect(mail).toContain('Hola, Luc');
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
      // the reset email is written after the answer: wait for that work, then for the outbox
      await app.services.background.settled();
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
      await database.db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verifications.identifier, `reset-password:${token}`));
      const expired = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'a brand new passphrase' } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toBe('auth.resetInvalid');
    });
  });

  describe('password reset request, per account work after the answer', () => {
    const requestReset = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload });
    const resetMails = async (email: string) => {
      await app.services.mail.drain();
      return database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'passwordReset')));
    };

    it("answers 202 while the account's reset email is still held back, and sends it once released", async () => {
      const { user } = await signUp(app);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const workStarted = new Promise<void>((resolve) => (started = resolve));
      app.services.testHooks.beforeResetEmail = () => {
        started();
        return gate;
      };
      let timer: NodeJS.Timeout | undefined;
      try {
        const answer = requestReset({ email: user.email });
        // no timing measured: the bound only ends the wait when the answer (wrongly) waits for the email
        const stuck = new Promise<'still waiting'>((resolve) => (timer = setTimeout(resolve, 15_000, 'still waiting')));
        const first = await Promise.race([answer.then((response) => response.statusCode), stuck]);
        expect(first).toBe(202);
        await workStarted;
        expect(await resetMails(user.email)).toEqual([]);
      } finally {
        clearTimeout(timer);
        delete app.services.testHooks.beforeResetEmail;
        release();
      }
      // delivered eventually: poll the outbox (no fixed sleep) until the email is sent, with a deadline
      const deadline = Date.now() + 20_000;
      let mails = await resetMails(user.email);
      while (!mails.some((mail) => mail.status === 'sent') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mails = await resetMails(user.email);
      }
      expect(mails).toEqual([expect.objectContaining({ status: 'sent', language: 'en' })]);
    });

    it('finishes the reset work already started before the app closes', async () => {
      const other = await buildTestApp(sharedDatabase(database), { AUTH_RATE_LIMIT_IP: '1000' });
      const { user } = await signUp(other.app);
      let release!: () => void;
      other.app.services.testHooks.beforeResetEmail = () => new Promise<void>((resolve) => (release = resolve));
      expect((await other.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email } })).statusCode).toBe(202);
      const closing = other.app.close();
      // the work is held inside the email hook; the close must wait for it, not drop it
      await vi.waitFor(() => expect(release).toBeTypeOf('function'));
      release();
      await closing;
      const [row] = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.template, 'passwordReset')));
      expect(row).toBeDefined();
    });

    it('ignores a language in the request: only the signed-in owner changes it, the email speaks the stored one', async () => {
      const { user } = await signUp(app, { language: 'en' });
      expect((await requestReset({ email: user.email, language: 'es' })).statusCode).toBe(202);
      await app.services.background.settled();
      const [row] = await database.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
      expect(row?.language).toBe('en');
      expect(await resetMails(user.email)).toEqual([expect.objectContaining({ language: 'en' })]);
    });
  });

  describe('new password at reset', () => {
    const tokenFor = async (email: string) => {
      await app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
      await app.services.background.settled();
      await app.services.mail.drain();
      const rows = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'passwordReset')));
      return new URL(String(rows.at(-1)?.payload.resetUrl)).searchParams.get('token')!;
    };
    const reset = (token: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password } });

    it("refuses common passwords and their variants, empty-looking ones, and the account's own name or email; then takes a strong one", async () => {
      const { user } = await signUp(app, { name: 'Ana María Pérez', email: uniqueEmail('marlowe') });
      const token = await tokenFor(user.email);
      const refused: [string, string][] = [
        ['Password2024', 'auth.weakPassword'],
        ['Summer2024!', 'auth.weakPassword'],
        ['P@ssw0rd!', 'auth.weakPassword'],
        ['Welcome2026', 'auth.weakPassword'],
        [' '.repeat(8), 'auth.passwordTooSimple'],
        ['aaaaaaaa', 'auth.passwordTooSimple'],
        // the name is not in the body: the server finds it through the token
        ['maria and her garden', 'auth.passwordPersonal'],
        [`${user.email.split('@')[0]} rules`, 'auth.passwordPersonal'],
      ];
      for (const [password, key] of refused) {
        const response = await reset(token, password);
        expect(response.statusCode, password).toBe(400);
        expect(response.json().error.fields, password).toEqual({ password: key });
      }
      // a refused password does not use the link up
      expect((await reset(token, 'lanterns over the harbor')).statusCode).toBe(200);
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
      await expect(
        createAdmin(app.services.auth, database.db, { email: adminEmail, password: strongPassword, name: 'X', minPasswordLength: 8 }),
      ).rejects.toThrow(/already exists/);
      await expect(
        createAdmin(app.services.auth, database.db, { email: uniqueEmail(), password: 'password', name: 'X', minPasswordLength: 8 }),
      ).rejects.toThrow(/password/);
    });
  });
});
