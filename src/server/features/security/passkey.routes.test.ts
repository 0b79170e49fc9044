import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { maxPasskeys } from '@shared/passkey-limits';
import { adminAudit, passkeys, users } from '@server/db/schema';
import { appPerSuite, buildTestApp, cookieFrom, injectAs, promoteEnrolledAdmin, sharedDatabase, signUp, strongPassword } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { enrollSecondFactor } from '@server/test/second-factor';
import { freshTotpCode } from '@server/test/totp';
import { softAuthenticator, type SoftAuthenticator } from '@server/test/webauthn';

const appUrl = 'http://localhost:4173';
const authSecret = randomBytes(32).toString('hex');
const settings = {
  APP_URL: appUrl,
  AUTH_SECRET: authSecret,
  AUTH_RATE_LIMIT_IP: '10000',
  AUTH_RATE_LIMIT_ACCOUNT: '1000',
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: '1000',
};

/** The cookies a browser would send after `answer` set its own (a later cookie of the same name wins). */
function withCookies(cookie: string, answer: { headers: Record<string, unknown> }): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  for (const pair of cookieFrom(answer).split('; ').filter(Boolean)) jar.set(pair.slice(0, pair.indexOf('=')), pair);
  return [...jar.values()].join('; ');
}

describe.each(testDatabases)('passkeys on $name', (target) => {
  const suite = appPerSuite(target, settings);

  /** A customer signed in with the second factor, as a passkey is added from (ADR 0027): the enrolment's own session. */
  const withFactor = async (name?: string) => {
    const account = await signUp(suite.app, name ? { name } : {});
    const { cookie, secret } = await enrollSecondFactor(suite.app, { ...account, password: strongPassword });
    return { ...account, cookie, secret };
  };

  /** Adds a passkey as the Security page does: the password, the device's credential, a name. */
  const addPasskey = async (cookie: string, device: SoftAuthenticator, name = 'Mi teléfono', app: FastifyInstance = suite.app) => {
    const options = await injectAs(app, cookie, 'POST', '/api/me/passkeys/options', { payload: { name, password: strongPassword } });
    expect(options.statusCode).toBe(200);
    return injectAs(app, withCookies(cookie, options), 'POST', '/api/me/passkeys', { payload: { name, credential: device.register(options.json()) } });
  };
  /** Signs in as the login page does, with no session: the server's challenge, the device's signature. */
  const signInWith = async (device: SoftAuthenticator, apps: { options?: FastifyInstance; verify?: FastifyInstance } = {}) => {
    const options = await (apps.options ?? suite.app).inject({ method: 'POST', url: '/api/auth/passkey/options' });
    expect(options.statusCode).toBe(200);
    return injectAs(apps.verify ?? suite.app, cookieFrom(options), 'POST', '/api/auth/passkey', {
      payload: { credential: device.authenticate(options.json()), language: 'es' },
    });
  };
  const audits = (userId: string) =>
    suite.database.db.select({ action: adminAudit.action, detail: adminAudit.detail }).from(adminAudit).where(eq(adminAudit.targetId, userId));

  it('a customer adds a passkey with the password and then signs in with it alone, in a fresh session', async () => {
    const customer = await withFactor();
    const phone = softAuthenticator({ origin: appUrl });
    const added = await addPasskey(customer.cookie, phone, '  iPhone de Ana  ');
    expect(added.statusCode).toBe(200);
    expect(added.json().passkeys).toEqual([{ id: expect.any(String), name: 'iPhone de Ana', createdAt: expect.any(String), provider: null, backedUp: false }]);
    // the Security page lists it; the answer never carries the key or the credential id
    const security = await injectAs(suite.app, customer.cookie, 'GET', '/api/me/security');
    expect(security.json().passkeys.map((passkey: { name: string }) => passkey.name)).toEqual(['iPhone de Ana']);
    expect(security.body).not.toContain(phone.credentialId);
    expect(await audits(customer.user.id)).toContainEqual({ action: 'add_passkey', detail: { email: customer.user.email, passkey: 'iPhone de Ana' } });

    const signedIn = await signInWith(phone);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: customer.user.id, email: customer.user.email });
    const me = await injectAs(suite.app, cookieFrom(signedIn), 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(customer.user.id);
    // the language of the login page is remembered, as a password sign-in does
    const [row] = await suite.database.db.select({ language: users.language }).from(users).where(eq(users.id, customer.user.id));
    expect(row!.language).toBe('es');
  });

  it('adding a passkey needs the right password, a name of at most 60 characters and a credential; each refusal is a clear field error', async () => {
    const customer = await withFactor();
    const wrong = await injectAs(suite.app, customer.cookie, 'POST', '/api/me/passkeys/options', {
      payload: { name: 'Llave', password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'security.passwordWrong' });
    // the name is checked before the device is asked: a refused name must not leave a passkey on it
    const missing = await injectAs(suite.app, customer.cookie, 'POST', '/api/me/passkeys/options', { payload: { name: ' ' } });
    expect(missing.json().error.fields).toEqual({ name: 'security.passkey.nameRequired', password: 'auth.passwordRequired' });
    const tooLong = await injectAs(suite.app, customer.cookie, 'POST', '/api/me/passkeys/options', {
      payload: { name: 'x'.repeat(61), password: strongPassword },
    });
    expect(tooLong.json().error.fields).toEqual({ name: 'security.passkey.nameTooLong' });
    expect((await suite.app.inject({ method: 'POST', url: '/api/me/passkeys/options', payload: { name: 'Llave', password: strongPassword } })).statusCode).toBe(
      401,
    );

    const device = softAuthenticator({ origin: appUrl });
    const options = await injectAs(suite.app, customer.cookie, 'POST', '/api/me/passkeys/options', { payload: { name: 'Llave', password: strongPassword } });
    const cookie = withCookies(customer.cookie, options);
    const credential = device.register(options.json());
    for (const [payload, fields] of [
      [{ name: '   ', credential }, { name: 'security.passkey.nameRequired' }],
      [{ name: 'x'.repeat(61), credential }, { name: 'security.passkey.nameTooLong' }],
      [{ name: 'Llave' }, { credential: expect.any(String) }],
      [
        { name: 'Llave', credential: { ...credential, response: { ...credential.response, attestationObject: 'A'.repeat(20_000) } } },
        { 'credential.response.attestationObject': expect.any(String) },
      ],
      [{ name: 'Llave', credential: 'not an object' }, { credential: expect.any(String) }],
    ] as const) {
      const answer = await injectAs(suite.app, cookie, 'POST', '/api/me/passkeys', { payload });
      expect({ status: answer.statusCode, fields: answer.json().error.fields }).toEqual({ status: 400, fields });
    }
    // none of the refusals spent the challenge: the real answer still works, once
    expect((await injectAs(suite.app, cookie, 'POST', '/api/me/passkeys', { payload: { name: 'Llave', credential } })).statusCode).toBe(200);
    const replay = await injectAs(suite.app, cookie, 'POST', '/api/me/passkeys', { payload: { name: 'Llave', credential } });
    expect({ status: replay.statusCode, fields: replay.json().error.fields }).toEqual({ status: 400, fields: { credential: 'security.passkey.notAdded' } });
    expect(await suite.database.db.select().from(passkeys).where(eq(passkeys.userId, customer.user.id))).toHaveLength(1);
  });

  it('refuses a credential made on another site, without the owner checked, or for another account, and a sign-in without user verification', async () => {
    const customer = await withFactor();
    const phishing = await addPasskey(customer.cookie, softAuthenticator({ origin: 'https://frontera-login.example' }));
    expect(phishing.json().error?.fields).toEqual({ credential: 'security.passkey.notAdded' });
    const unverified = await addPasskey(customer.cookie, softAuthenticator({ origin: appUrl, userVerified: false }));
    expect(unverified.json().error?.fields).toEqual({ credential: 'security.passkey.notAdded' });

    // a challenge made for someone else's session cannot add a passkey to this one
    const other = await withFactor();
    const othersOptions = await injectAs(suite.app, other.cookie, 'POST', '/api/me/passkeys/options', { payload: { name: 'Llave', password: strongPassword } });
    const device = softAuthenticator({ origin: appUrl });
    const stolen = await injectAs(suite.app, withCookies(customer.cookie, othersOptions), 'POST', '/api/me/passkeys', {
      payload: { name: 'Robada', credential: device.register(othersOptions.json()) },
    });
    expect(stolen.statusCode).toBe(400);
    expect(await suite.database.db.select().from(passkeys).where(eq(passkeys.userId, customer.user.id))).toEqual([]);

    expect((await addPasskey(customer.cookie, device)).statusCode).toBe(200);
    device.userVerified = false;
    const noCheck = await signInWith(device);
    expect({ status: noCheck.statusCode, message: noCheck.json().error.message, cookie: cookieFrom(noCheck) }).toEqual({
      status: 401,
      message: 'auth.passkey.failed',
      cookie: '',
    });
    device.userVerified = true;
    const onPhishingSite = softAuthenticator({ origin: 'https://frontera-login.example' });
    expect((await signInWith(onPhishingSite)).statusCode).toBe(401);
    expect((await signInWith(device)).statusCode).toBe(200);
  });

  it('a sign-in answer works once: a replayed one, one without its challenge and an unknown credential are refused', async () => {
    const customer = await withFactor();
    const device = softAuthenticator({ origin: appUrl });
    await addPasskey(customer.cookie, device);
    const options = await suite.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
    const credential = device.authenticate(options.json());
    expect((await injectAs(suite.app, cookieFrom(options), 'POST', '/api/auth/passkey', { payload: { credential } })).statusCode).toBe(200);
    const replayed = await injectAs(suite.app, cookieFrom(options), 'POST', '/api/auth/passkey', { payload: { credential } });
    expect(replayed.statusCode).toBe(401);
    const noChallenge = await injectAs(suite.app, undefined, 'POST', '/api/auth/passkey', { payload: { credential: device.authenticate(options.json()) } });
    expect(noChallenge.statusCode).toBe(401);
    expect((await signInWith(softAuthenticator({ origin: appUrl }))).json().error.message).toBe('auth.passkey.failed');
    const empty = await injectAs(suite.app, undefined, 'POST', '/api/auth/passkey', { payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('a passkey begun on one instance is finished on another (challenges are in the shared database)', async () => {
    const { app: other } = await buildTestApp(sharedDatabase(suite.database), settings);
    try {
      const customer = await withFactor();
      const device = softAuthenticator({ origin: appUrl });
      const options = await injectAs(suite.app, customer.cookie, 'POST', '/api/me/passkeys/options', { payload: { name: 'Llave', password: strongPassword } });
      const added = await injectAs(other, withCookies(customer.cookie, options), 'POST', '/api/me/passkeys', {
        payload: { name: 'Portátil', credential: device.register(options.json()) },
      });
      expect(added.statusCode).toBe(200);
      expect((await signInWith(device, { options: other, verify: suite.app })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('only the owner removes a passkey (audited), and a removed passkey no longer signs in', async () => {
    const owner = await withFactor();
    const device = softAuthenticator({ origin: appUrl });
    const [passkey] = (await addPasskey(owner.cookie, device, 'Llave USB')).json().passkeys;
    const stranger = await signUp(suite.app);
    expect((await injectAs(suite.app, stranger.cookie, 'DELETE', `/api/me/passkeys/${passkey.id}`)).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'DELETE', url: `/api/me/passkeys/${passkey.id}` })).statusCode).toBe(401);
    expect((await signInWith(device)).statusCode).toBe(200);

    expect((await injectAs(suite.app, owner.cookie, 'DELETE', `/api/me/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expect((await injectAs(suite.app, owner.cookie, 'DELETE', `/api/me/passkeys/${passkey.id}`)).statusCode).toBe(404);
    expect(await audits(owner.user.id)).toContainEqual({ action: 'remove_passkey', detail: { email: owner.user.email, passkey: 'Llave USB' } });
    expect((await signInWith(device)).statusCode).toBe(401);
  });

  it(`an account holds at most ${maxPasskeys} passkeys`, async () => {
    const customer = await withFactor();
    for (let n = 0; n < maxPasskeys; n += 1)
      expect((await addPasskey(customer.cookie, softAuthenticator({ origin: appUrl }), `Llave ${n + 1}`)).statusCode).toBe(200);
    const more = await injectAs(suite.app, customer.cookie, 'POST', '/api/me/passkeys/options', { payload: { name: 'Llave', password: strongPassword } });
    expect({ status: more.statusCode, message: more.json().error.message }).toEqual({ status: 409, message: 'security.passkey.tooMany' });
  });

  it('a passkey opens the admin area only to an administrator enrolled in the second factor: it never replaces enrolment', async () => {
    const admin = await withFactor('Erin Admin');
    const device = softAuthenticator({ origin: appUrl });
    expect((await addPasskey(admin.cookie, device)).statusCode).toBe(200);
    // the owner turns the app off (the passkey stays) and is then made an administrator
    const off = await injectAs(suite.app, admin.cookie, 'POST', '/api/me/two-factor/disable', {
      payload: { password: strongPassword, code: await freshTotpCode(admin.secret) },
    });
    expect(off.statusCode).toBe(200);
    await suite.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const notEnrolled = cookieFrom(await signInWith(device));
    expect((await injectAs(suite.app, notEnrolled, 'GET', '/api/admin/orders')).json().error.code).toBe('second_factor_required');
    // nor may that session add another passkey: an administrator needs the app enrolled first
    const more = await injectAs(suite.app, notEnrolled, 'POST', '/api/me/passkeys/options', { payload: { name: 'Otra', password: strongPassword } });
    expect({ status: more.statusCode, message: more.json().error.message }).toEqual({ status: 403, message: 'security.passkey.needsFactor' });
    expect((await injectAs(suite.app, notEnrolled, 'GET', '/api/me/security')).json().passkeysAllowed).toBe(false);

    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    const enrolled = await signInWith(device);
    expect((await injectAs(suite.app, cookieFrom(enrolled), 'GET', '/api/admin/orders')).statusCode).toBe(200);
  });

  it('a session opened with the password alone adds no passkey, on either step; the Security page says so', async () => {
    const customer = await signUp(suite.app);
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/me/security')).json().passkeysAllowed).toBe(false);
    const options = await injectAs(suite.app, customer.cookie, 'POST', '/api/me/passkeys/options', { payload: { name: 'Llave', password: strongPassword } });
    expect({ status: options.statusCode, message: options.json().error.message }).toEqual({ status: 403, message: 'security.passkey.needsFactor' });
    // a challenge made by a session with the factor does not help a password-only session of the same account
    const enrolled = await enrollSecondFactor(suite.app, { ...customer, password: strongPassword });
    expect((await injectAs(suite.app, enrolled.cookie, 'GET', '/api/me/security')).json().passkeysAllowed).toBe(true);
    const granted = await injectAs(suite.app, enrolled.cookie, 'POST', '/api/me/passkeys/options', { payload: { name: 'Llave', password: strongPassword } });
    const passwordOnly = await signUp(suite.app);
    const planted = await injectAs(suite.app, withCookies(passwordOnly.cookie, granted), 'POST', '/api/me/passkeys', {
      payload: { name: 'Llave', credential: softAuthenticator({ origin: appUrl }).register(granted.json()) },
    });
    expect(planted.statusCode).toBe(403);
    expect(await suite.database.db.select().from(passkeys).where(eq(passkeys.userId, passwordOnly.user.id))).toEqual([]);
  });
});
