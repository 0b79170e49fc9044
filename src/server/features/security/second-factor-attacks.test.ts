import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, mailOutbox, passkeys, sessions, twoFactors } from '@server/db/schema';
import { createAdmin, resetSecondFactor } from '@server/domain/admin-accounts';
import { codeLimits } from '@server/domain/second-factor-codes';
import { appPerSuite, buildTestApp, cookieFrom, injectAs, sharedDatabase, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { enrolmentTokenFor, enrollSecondFactor } from '@server/test/second-factor';
import { freshTotpCode, totpCode, wrongTotpCode } from '@server/test/totp';
import { softAuthenticator } from '@server/test/webauthn';

const appUrl = 'http://localhost:4173';
// generous address limits: these journeys are about the account's own limit, across addresses and instances
const settings = {
  APP_URL: appUrl,
  AUTH_SECRET: randomBytes(32).toString('hex'),
  AUTH_RATE_LIMIT_IP: '10000',
  AUTH_RATE_LIMIT_ACCOUNT: '1000',
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: '1000',
};

let address = 0;
/** A new address for each attempt, as a guesser with many machines would use. */
const freshAddress = () => `198.51.${Math.floor(++address / 250) % 250}.${address % 250}`;

describe.each(testDatabases)('attacks on the second factor, on two instances of $name', (target) => {
  const suite = appPerSuite(target, settings);
  let other: FastifyInstance;
  beforeAll(async () => {
    other = (await buildTestApp(sharedDatabase(suite.database), settings)).app;
  });
  afterAll(() => other?.close());
  /** the two instances, taken in turn */
  const instance = (n: number) => (n % 2 === 0 ? suite.app : other);

  const signIn = (app: FastifyInstance, email: string, remoteAddress = freshAddress()) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: strongPassword }, remoteAddress });
  const secondStep = (app: FastifyInstance, challenge: string, code: string, remoteAddress = freshAddress()) =>
    app.inject({ method: 'POST', url: '/api/auth/two-factor', payload: { code }, headers: { cookie: challenge }, remoteAddress });
  const enrolledAdmin = async () => {
    const email = uniqueEmail('admin');
    await createAdmin(suite.app.services.auth, suite.database.db, { email, password: strongPassword, name: 'Marta Operadora', minPasswordLength: 8 });
    const first = await signIn(suite.app, email);
    const id = first.json().user.id as string;
    const { cookie, secret, recoveryCodes } = await enrollSecondFactor(suite.app, { cookie: cookieFrom(first), password: strongPassword });
    return { email, id, cookie, secret, recoveryCodes };
  };

  it('codes guessed from many addresses over both instances meet the account limit; the owner gets in with a recovery code', async () => {
    const admin = await enrolledAdmin();
    let refusedAsWrong = 0;
    let limited: Awaited<ReturnType<typeof secondStep>> | undefined;
    // a fresh password sign-in for every few guesses, each from a new address, on alternating instances
    for (let round = 0; !limited && round < 20; round += 1) {
      const challenge = cookieFrom(await signIn(instance(round), admin.email));
      for (let guess = 0; guess < 3 && !limited; guess += 1) {
        const answer = await secondStep(instance(round + guess), challenge, wrongTotpCode(admin.secret));
        if (answer.statusCode === 429) limited = answer;
        else {
          expect(answer.json().error.fields).toEqual({ code: 'security.codeWrong' });
          refusedAsWrong += 1;
        }
      }
    }
    expect(refusedAsWrong).toBe(codeLimits.perWindow);
    expect(limited!.json().error.message).toBe('security.codesPaused');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // the right code is refused too while the pause lasts, on either instance: a guess that hits is worth nothing
    for (const app of [suite.app, other]) {
      const right = await secondStep(app, cookieFrom(await signIn(app, admin.email)), totpCode(admin.secret));
      expect({ status: right.statusCode, message: right.json().error.message }).toEqual({ status: 429, message: 'security.codesPaused' });
    }
    // the password step is never locked by someone else's guesses, and a recovery code lets the owner in
    const owner = await signIn(other, admin.email);
    expect(owner.json()).toEqual({ twoFactorRequired: true });
    const recovered = await secondStep(other, cookieFrom(owner), admin.recoveryCodes[0]!);
    expect(recovered.statusCode).toBe(200);
    expect((await injectAs(suite.app, cookieFrom(recovered), 'GET', '/api/admin/orders')).statusCode).toBe(200);
    // which ends the run of wrong codes: the app's codes work again
    const again = await secondStep(suite.app, cookieFrom(await signIn(suite.app, admin.email)), await freshTotpCode(admin.secret));
    expect(again.statusCode).toBe(200);
  });

  it(`after ${codeLimits.beforeReset} wrong codes in a row the app's codes wait for a recovery code or a password reset, with no end by time`, async () => {
    const account = await signUp(suite.app);
    const { secret } = await enrollSecondFactor(suite.app, { ...account, password: strongPassword });
    await suite.database.db
      .update(twoFactors)
      .set({ failedVerificationCount: codeLimits.beforeReset - 1 })
      .where(eq(twoFactors.userId, account.user.id));
    expect((await secondStep(other, cookieFrom(await signIn(other, account.user.email)), wrongTotpCode(secret))).statusCode).toBe(400);
    const locked = await secondStep(suite.app, cookieFrom(await signIn(suite.app, account.user.email)), totpCode(secret));
    expect({ status: locked.statusCode, message: locked.json().error.message, retryAfter: locked.headers['retry-after'] }).toEqual({
      status: 429,
      message: 'security.codesLocked',
      retryAfter: undefined,
    });

    // a completed password reset lifts it
    await suite.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: account.user.email } });
    await suite.app.services.background.settled();
    await suite.app.services.mail.drain();
    const [mail] = await suite.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, account.user.email), eq(mailOutbox.template, 'passwordReset')));
    const token = new URL(String(mail!.payload.resetUrl)).searchParams.get('token')!;
    expect((await suite.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: strongPassword } })).statusCode).toBe(200);
    expect((await secondStep(other, cookieFrom(await signIn(other, account.user.email)), await freshTotpCode(secret))).statusCode).toBe(200);
  });

  it('a code works once: the same code, or an earlier one, opens no second session on either instance, even at once', async () => {
    const account = await signUp(suite.app);
    const { secret } = await enrollSecondFactor(suite.app, { ...account, password: strongPassword });
    const code = await freshTotpCode(secret);
    const [one, two] = await Promise.all([signIn(suite.app, account.user.email), signIn(other, account.user.email)]);
    const answers = await Promise.all([secondStep(suite.app, cookieFrom(one), code), secondStep(other, cookieFrom(two), code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().error.fields).toEqual({ code: 'security.codeUsed' });
    // the step before the one taken is refused as well
    const earlier = totpCode(secret, Date.now() - 30_000);
    if (earlier !== code) {
      const late = await secondStep(other, cookieFrom(await signIn(other, account.user.email)), earlier);
      expect(late.statusCode).toBe(400);
    }
    // and the same code cannot turn the factor off from the session it opened
    const session = cookieFrom(answers.find((answer) => answer.statusCode === 200)!);
    const off = await injectAs(other, session, 'POST', '/api/me/two-factor/disable', { payload: { password: strongPassword, code } });
    expect(off.json().error.fields).toEqual({ code: 'security.codeUsed' });
  });

  it('a passkey planted with the password before enrolment is refused; one there before the factor is confirmed, or when it is reset, is gone', async () => {
    // a new administrator's password-only session, allowed only to enroll, tries both steps on both instances
    const email = uniqueEmail('admin');
    await createAdmin(suite.app.services.auth, suite.database.db, { email, password: strongPassword, name: 'Nuevo Admin', minPasswordLength: 8 });
    const attacker = cookieFrom(await signIn(other, email));
    for (const app of [suite.app, other]) {
      const options = await injectAs(app, attacker, 'POST', '/api/me/passkeys/options', { payload: { name: 'Mi llave', password: strongPassword } });
      expect({ status: options.statusCode, message: options.json().error.message }).toEqual({ status: 403, message: 'security.passkey.needsFactor' });
      const verify = await injectAs(app, attacker, 'POST', '/api/me/passkeys', {
        payload: {
          name: 'Mi llave',
          credential: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'x', attestationObject: 'x' }, clientExtensionResults: {} },
        },
      });
      expect(verify.statusCode).toBe(403);
    }
    const owner = await signIn(suite.app, email);
    const id = owner.json().user.id as string;
    const { cookie } = await enrollSecondFactor(suite.app, { cookie: cookieFrom(owner), password: strongPassword });
    expect(await suite.database.db.select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    // the attacker's password-only session ended with the enrolment
    expect((await injectAs(other, attacker, 'GET', '/api/admin/orders')).statusCode).toBe(401);

    // a passkey added properly, after enrolment, goes when another administrator resets the factor
    const device = softAuthenticator({ origin: appUrl });
    expect(await addPasskey(cookie, device)).toBe(200);
    expect(await signInWithDevice(device)).toBe(200);
    await resetSecondFactor(suite.database.db, { id, email }, null);
    expect(await signInWithDevice(device)).toBe(401);
    const [audit] = await suite.database.db
      .select({ detail: adminAudit.detail })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, id), eq(adminAudit.action, 'reset_two_factor')));
    expect(audit!.detail).toMatchObject({ passkeys: 1 });

    // a passkey that is there when a factor is confirmed (kept after turning the app off) goes with the confirmation
    const customer = await signUp(suite.app);
    const enrolled = await enrollSecondFactor(suite.app, { ...customer, password: strongPassword });
    const kept = softAuthenticator({ origin: appUrl });
    expect(await addPasskey(enrolled.cookie, kept)).toBe(200);
    const off = await injectAs(other, enrolled.cookie, 'POST', '/api/me/two-factor/disable', {
      payload: { password: strongPassword, code: await freshTotpCode(enrolled.secret) },
    });
    expect(off.statusCode).toBe(200);
    expect(await signInWithDevice(kept)).toBe(200);
    await enrollSecondFactor(other, { cookie: cookieFrom(off), password: strongPassword });
    expect(await suite.database.db.select().from(passkeys).where(eq(passkeys.userId, customer.user.id))).toEqual([]);
    expect(await signInWithDevice(kept)).toBe(401);
  });

  it('enrolment has one door: the sign-in step refuses a caller with a session, and a session the code did not open reaches nothing', async () => {
    const email = uniqueEmail('admin');
    await createAdmin(suite.app.services.auth, suite.database.db, { email, password: strongPassword, name: 'Otra Admin', minPasswordLength: 8 });
    const signedIn = await signIn(suite.app, email);
    const first = cookieFrom(signedIn);
    const enrolmentToken = await enrolmentTokenFor(suite.app, signedIn.json().user.id);
    // a secret waits for its first code, made from that session; the sign-in's code step is not a way to confirm it
    const { secret } = (
      await injectAs(suite.app, first, 'POST', '/api/me/two-factor/enable', { payload: { password: strongPassword, enrolmentToken } })
    ).json() as { secret: string };
    const sideDoor = await secondStep(other, first, await freshTotpCode(secret));
    expect({ status: sideDoor.statusCode, message: sideDoor.json().error.message }).toEqual({ status: 409, message: 'security.alreadySignedIn' });
    expect((await injectAs(suite.app, first, 'GET', '/api/me/security')).json()).toMatchObject({ twoFactorEnabled: false, enrolmentPending: true });
    const ownId = (await injectAs(suite.app, first, 'GET', '/api/me')).json().user.id as string;
    expect(
      await suite.database.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, 'enable_two_factor'), eq(adminAudit.targetId, ownId))),
    ).toEqual([]);

    // the one door: the enrolment's session is marked as opened with the factor
    const confirmed = await injectAs(other, first, 'POST', '/api/me/two-factor/confirm', { payload: { code: await freshTotpCode(secret), enrolmentToken } });
    expect(confirmed.statusCode).toBe(200);
    const [row] = await suite.database.db.select({ id: sessions.id, secondFactor: sessions.secondFactor }).from(sessions).where(eq(sessions.userId, ownId));
    expect(row!.secondFactor).toBe(true);
    // a session of the account that the factor did not open (as the side door once made) is no session at all, admin or not
    await suite.database.db.update(sessions).set({ secondFactor: false }).where(eq(sessions.id, row!.id));
    const session = cookieFrom(confirmed);
    expect((await injectAs(suite.app, session, 'GET', '/api/admin/orders')).statusCode).toBe(401);
    expect((await injectAs(suite.app, session, 'GET', '/api/me')).statusCode).toBe(401);
    await suite.database.db.update(sessions).set({ secondFactor: true }).where(eq(sessions.id, row!.id));
    expect((await injectAs(other, session, 'GET', '/api/admin/orders')).statusCode).toBe(200);
  });

  /** Adds a passkey as the Security page does, the two steps on the two instances. */
  async function addPasskey(cookie: string, device: ReturnType<typeof softAuthenticator>): Promise<number> {
    const options = await injectAs(suite.app, cookie, 'POST', '/api/me/passkeys/options', { payload: { name: 'Llave', password: strongPassword } });
    expect(options.statusCode).toBe(200);
    const answer = await injectAs(other, `${cookie}; ${cookieFrom(options)}`, 'POST', '/api/me/passkeys', {
      payload: { name: 'Llave', credential: device.register(options.json()) },
    });
    return answer.statusCode;
  }
  async function signInWithDevice(device: ReturnType<typeof softAuthenticator>): Promise<number> {
    const options = await other.inject({ method: 'POST', url: '/api/auth/passkey/options' });
    const answer = await injectAs(suite.app, cookieFrom(options), 'POST', '/api/auth/passkey', {
      payload: { credential: device.authenticate(options.json()) },
    });
    return answer.statusCode;
  }
});
