import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, sessions, twoFactors, users, verifications } from '@server/db/schema';
import { createAdmin, resetSecondFactorByEmail } from '@server/domain/admin-accounts';
import { appPerSuite, cookieFrom, customerWithOrder, injectAs, promoteEnrolledAdmin, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { enrolmentTokenFor, enrollSecondFactor } from '@server/test/second-factor';
import { freshTotpCode, totpCode, wrongTotpCode } from '@server/test/totp';

type OpenApi = { paths: Record<string, Record<string, unknown>> };

describe.each(testDatabases)('second factor on $name', (target) => {
  const suite = appPerSuite(target, { AUTH_RATE_LIMIT_IP: '10000', AUTH_RATE_LIMIT_ACCOUNT: '1000', AUTH_RATE_LIMIT_ACCOUNT_CEILING: '1000' });

  const signIn = (email: string, password = strongPassword) => suite.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const secondStep = (challenge: string, code: string) => injectAs(suite.app, challenge, 'POST', '/api/auth/two-factor', { payload: { code } });
  const newAdmin = async (name = 'Marta Operadora') => {
    const email = uniqueEmail('admin');
    await createAdmin(suite.app.services.auth, suite.database.db, { email, password: strongPassword, name, minPasswordLength: 8 });
    const response = await signIn(email);
    expect(response.statusCode).toBe(200);
    return { email, password: strongPassword, cookie: cookieFrom(response), id: response.json().user.id as string };
  };
  /** Every administrators' endpoint the app documents, with made-up ids: the guard answers before any lookup. */
  const adminEndpoints = async () => {
    const document = (await suite.app.inject({ url: '/api/openapi.json' })).json() as OpenApi;
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase() as 'GET',
          path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        })),
      );
  };
  const audits = (targetId: string) => suite.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId));

  it('an administrator without a second factor gets 403 second_factor_required on every admin endpoint, and passes once enrolled', async () => {
    const admin = await newAdmin();
    const endpoints = await adminEndpoints();
    expect(endpoints.length).toBeGreaterThan(15);
    for (const { method, path } of endpoints) {
      const answer = await injectAs(suite.app, admin.cookie, method, path, { payload: method === 'GET' ? undefined : {} });
      expect({ method, path, status: answer.statusCode, code: answer.json().error?.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'second_factor_required',
      });
      expect(answer.json().error.message).toBe('security.enrolmentRequired');
    }
    // nor through the customer routes that open any order to an administrator: a passport stays shut
    const { orderId } = await customerWithOrder(suite.app);
    expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/orders/${orderId}`)).statusCode).toBe(404);
    expect((await injectAs(suite.app, admin.cookie, 'GET', `/api/orders/${orderId}/identity/passport`)).statusCode).toBe(404);

    const { cookie } = await enrollSecondFactor(suite.app, admin);
    expect((await injectAs(suite.app, cookie, 'GET', `/api/orders/${orderId}/identity/passport`)).statusCode).toBe(200);
    for (const { method, path } of endpoints) {
      const answer = await injectAs(suite.app, cookie, method, path, { payload: method === 'GET' ? undefined : {} });
      expect({ method, path, forbidden: answer.statusCode === 403 }).toEqual({ method, path, forbidden: false });
      if (method === 'GET' && !path.includes('0000-4000')) expect({ path, status: answer.statusCode }).toEqual({ path, status: 200 });
    }
    expect((await audits(admin.id)).map((row) => row.action)).toContain('enable_two_factor');
  });

  it('an administrator enrols only with a live one-time link of their own: the password alone, a made-up, another’s, an expired or a used link is refused', async () => {
    const admin = await newAdmin('Tomás Nuevo');
    const enable = (enrolmentToken?: string) =>
      injectAs(suite.app, admin.cookie, 'POST', '/api/me/two-factor/enable', { payload: { password: strongPassword, enrolmentToken } });
    const refusedWith = async (enrolmentToken?: string) => {
      const answer = await enable(enrolmentToken);
      return [answer.statusCode, answer.json().error?.message];
    };
    // the password alone: whoever learnt it cannot set up their own authenticator first
    expect(await refusedWith()).toEqual([403, 'security.enrolmentLinkRequired']);
    expect(await refusedWith('made-up-token')).toEqual([403, 'security.enrolmentLinkRequired']);
    const other = await newAdmin('Otra Persona');
    expect(await refusedWith(await enrolmentTokenFor(suite.app, other.id))).toEqual([403, 'security.enrolmentLinkRequired']);
    // a new link replaces the one before; an expired one is refused
    const first = await enrolmentTokenFor(suite.app, admin.id);
    const token = await enrolmentTokenFor(suite.app, admin.id);
    expect(await refusedWith(first)).toEqual([403, 'security.enrolmentLinkRequired']);
    await suite.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, admin.id));
    expect(await refusedWith(token)).toEqual([403, 'security.enrolmentLinkRequired']);
    const live = await enrolmentTokenFor(suite.app, admin.id);
    const setup = await enable(live);
    expect(setup.statusCode, setup.body).toBe(200);
    // the confirmation needs it too, and uses it up
    const code = await freshTotpCode(setup.json().secret);
    expect((await injectAs(suite.app, admin.cookie, 'POST', '/api/me/two-factor/confirm', { payload: { code } })).json().error.message).toBe(
      'security.enrolmentLinkRequired',
    );
    const confirmed = await injectAs(suite.app, admin.cookie, 'POST', '/api/me/two-factor/confirm', { payload: { code, enrolmentToken: live } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await suite.database.db.select().from(verifications).where(eq(verifications.value, admin.id))).toEqual([]);
    // a customer sets up their own factor without any link
    const customer = await signUp(suite.app);
    expect((await injectAs(suite.app, customer.cookie, 'POST', '/api/me/two-factor/enable', { payload: { password: customer.password } })).statusCode).toBe(
      200,
    );
  });

  it('enrolment shows the QR code, the secret as text and ten recovery codes; a wrong or missing password or code is refused', async () => {
    const account = await signUp(suite.app);
    const wrong = await injectAs(suite.app, account.cookie, 'POST', '/api/me/two-factor/enable', { payload: { password: 'not my password at all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'security.passwordWrong' });
    expect((await injectAs(suite.app, account.cookie, 'POST', '/api/me/two-factor/enable', { payload: {} })).statusCode).toBe(400);
    expect((await injectAs(suite.app, undefined, 'POST', '/api/me/two-factor/enable', { payload: { password: strongPassword } })).statusCode).toBe(401);

    const setup = await injectAs(suite.app, account.cookie, 'POST', '/api/me/two-factor/enable', { payload: { password: strongPassword } });
    expect(setup.statusCode).toBe(200);
    const { secret, qrSvg, recoveryCodes, totpUri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(totpUri).toContain(`secret=${secret}`);
    expect(totpUri).toContain('issuer=Frontera');
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // one case, and none of the look-alikes (0/O, 1/I/L): a person copies them from paper
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    // not on until a code confirms it: the state says it waits, and nothing is stored in the clear
    expect((await injectAs(suite.app, account.cookie, 'GET', '/api/me/security')).json()).toMatchObject({ twoFactorEnabled: false, enrolmentPending: true });
    const [stored] = await suite.database.db.select().from(twoFactors).where(eq(twoFactors.userId, account.user.id));
    expect(stored!.secret).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored!.backupCodes).not.toContain(code);

    for (const code of ['', '12345', 'abcdef', '1234567', recoveryCodes[0]]) {
      const answer = await injectAs(suite.app, account.cookie, 'POST', '/api/me/two-factor/confirm', { payload: { code } });
      expect({ code, status: answer.statusCode }).toEqual({ code, status: 400 });
    }
    const late = totpCode(secret, Date.now() - 10 * 60_000);
    const stale = await injectAs(suite.app, account.cookie, 'POST', '/api/me/two-factor/confirm', { payload: { code: late } });
    expect(stale.json().error.fields).toEqual({ code: 'security.codeWrong' });

    const confirmed = await injectAs(suite.app, account.cookie, 'POST', '/api/me/two-factor/confirm', { payload: { code: await freshTotpCode(secret) } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.twoFactorEnabled).toBe(true);
    // the session is replaced: the old cookie is over, the new one works
    expect((await injectAs(suite.app, account.cookie, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await injectAs(suite.app, cookieFrom(confirmed), 'GET', '/api/me/security')).json()).toMatchObject({
      twoFactorEnabled: true,
      enrolmentPending: false,
    });
  });

  it('a password alone is not a session for an enrolled user: the code completes the sign-in, a recovery code works once', async () => {
    const admin = await newAdmin();
    const { recoveryCodes, secret } = await enrollSecondFactor(suite.app, admin);

    const first = await signIn(admin.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    const challenge = cookieFrom(first);
    // what the first step left is no session
    expect((await injectAs(suite.app, challenge, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await injectAs(suite.app, challenge, 'GET', '/api/admin/orders')).statusCode).toBe(401);
    // no challenge: nothing to complete
    expect((await secondStep('', totpCode(secret))).statusCode).toBe(401);

    const wrong = await secondStep(challenge, wrongTotpCode(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'security.codeWrong' });
    const done = await secondStep(challenge, await freshTotpCode(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: admin.email, isAdmin: true, twoFactorEnabled: true });
    expect((await injectAs(suite.app, cookieFrom(done), 'GET', '/api/admin/orders')).statusCode).toBe(200);
    // a challenge completes once
    expect((await secondStep(challenge, totpCode(secret))).statusCode).toBe(401);

    // typed in small letters, without its dash, with spaces: still hers
    const code = recoveryCodes[3]!;
    const withRecovery = await secondStep(cookieFrom(await signIn(admin.email)), ` ${code.replace('-', '').toLowerCase()} `);
    expect(withRecovery.statusCode).toBe(200);
    const again = await secondStep(cookieFrom(await signIn(admin.email)), code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ code: 'security.codeWrong' });
  });

  it('five wrong codes end a sign-in challenge (the password again starts a new one): the owner is never locked out', async () => {
    const account = await signUp(suite.app);
    const { secret } = await enrollSecondFactor(suite.app, account);
    const challenge = cookieFrom(await signIn(account.user.email));
    const bad = wrongTotpCode(secret);
    for (let i = 0; i < 5; i++) expect((await secondStep(challenge, bad)).statusCode).toBe(400);
    const ended = await secondStep(challenge, totpCode(secret));
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe('security.challengeExpired');
    expect((await secondStep(cookieFrom(await signIn(account.user.email)), await freshTotpCode(secret))).statusCode).toBe(200);
  });

  it('turning the factor off needs the password and a code, is audited, and makes an administrator enroll again', async () => {
    const admin = await newAdmin();
    const { cookie, secret } = await enrollSecondFactor(suite.app, admin);
    const off = (payload: object) => injectAs(suite.app, cookie, 'POST', '/api/me/two-factor/disable', { payload });
    expect((await off({ password: strongPassword, code: wrongTotpCode(secret) })).json().error.fields).toEqual({ code: 'security.codeWrong' });
    expect((await off({ password: 'wrong password here', code: totpCode(secret) })).json().error.fields).toEqual({ password: 'security.passwordWrong' });
    expect((await off({ password: strongPassword })).statusCode).toBe(400);
    expect((await injectAs(suite.app, cookie, 'GET', '/api/me')).json().user.twoFactorEnabled).toBe(true);

    const done = await off({ password: strongPassword, code: await freshTotpCode(secret) });
    expect(done.statusCode).toBe(200);
    const after = cookieFrom(done);
    expect((await injectAs(suite.app, after, 'GET', '/api/admin/orders')).json().error.code).toBe('second_factor_required');
    expect((await audits(admin.id)).map((row) => row.action).sort()).toEqual(['disable_two_factor', 'enable_two_factor']);
    expect(await suite.database.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.id))).toEqual([]);
    // signing in is the password alone again
    expect((await signIn(admin.email)).json().user.twoFactorEnabled).toBe(false);
  });

  it('new recovery codes replace the old ones', async () => {
    const account = await signUp(suite.app);
    const { cookie, secret, recoveryCodes } = await enrollSecondFactor(suite.app, account);
    const renewed = await injectAs(suite.app, cookie, 'POST', '/api/me/two-factor/recovery-codes', {
      payload: { password: strongPassword, code: await freshTotpCode(secret) },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await secondStep(cookieFrom(await signIn(account.user.email)), recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await secondStep(cookieFrom(await signIn(account.user.email)), fresh[0]!)).statusCode).toBe(200);
  });

  it("an administrator resets another administrator's lost factor (audited, sessions ended); not their own; customers cannot", async () => {
    const helper = await newAdmin('Helena Admin');
    const { cookie: helperCookie } = await enrollSecondFactor(suite.app, helper);
    const lost = await newAdmin('Luis Perdió');
    const { cookie: lostCookie } = await enrollSecondFactor(suite.app, lost);
    const customer = await signUp(suite.app);

    const reset = (cookie: string | undefined, id: string) => injectAs(suite.app, cookie, 'POST', `/api/admin/users/${id}/reset-two-factor`);
    expect((await reset(undefined, lost.id)).statusCode).toBe(401);
    expect((await reset(customer.cookie, lost.id)).statusCode).toBe(403);
    expect((await reset(helperCookie, helper.id)).json().error.code).toBe('own_account');
    expect((await reset(helperCookie, 'no-such-user')).statusCode).toBe(404);

    const done = await reset(helperCookie, lost.id);
    expect(done.statusCode).toBe(200);
    // the new link to pass on: enrolling again needs it
    expect(done.json()).toEqual({
      id: lost.id,
      sessionsEnded: 1,
      enrolmentLink: { url: expect.stringMatching(/\/admin#enrolment=/), expiresAt: expect.any(String) },
    });
    expect((await injectAs(suite.app, lostCookie, 'GET', '/api/me')).statusCode).toBe(401);
    const [row] = (await audits(lost.id)).filter((audit) => audit.action === 'reset_two_factor');
    expect(row).toMatchObject({ actorId: helper.id, detail: { email: lost.email, actorEmail: helper.email } });
    // the password alone signs in again, to enroll
    const back = await signIn(lost.email);
    expect(back.json().user.twoFactorEnabled).toBe(false);
    expect((await injectAs(suite.app, cookieFrom(back), 'GET', '/api/admin/users')).json().error.code).toBe('second_factor_required');
    // the users list says who has a factor
    const list = await injectAs(suite.app, helperCookie, 'GET', `/api/admin/users?q=${encodeURIComponent(helper.email)}`);
    expect(list.json().users[0]).toMatchObject({ id: helper.id, twoFactorEnabled: true });
  });

  it('the last administrator uses the admin command, which is audited too', async () => {
    const admin = await newAdmin();
    await enrollSecondFactor(suite.app, admin);
    await expect(resetSecondFactorByEmail(suite.database.db, uniqueEmail('nobody'))).rejects.toThrow(/No account/);
    await expect(resetSecondFactorByEmail(suite.database.db, 'not an email')).rejects.toThrow(/Not a valid email/);
    await resetSecondFactorByEmail(suite.database.db, admin.email.toUpperCase());
    const [user] = await suite.database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, admin.id));
    expect(user!.on).toBe(false);
    const [row] = (await audits(admin.id)).filter((audit) => audit.action === 'reset_two_factor');
    expect(row).toMatchObject({ actorId: null, detail: { actorEmail: 'admin command' } });
  });

  it('a user lists their own sessions (never a token) and ends one; another user’s session is not found', async () => {
    const account = await signUp(suite.app);
    const other = cookieFrom(await signIn(account.user.email));
    const stranger = await signUp(suite.app);
    const answer = await injectAs(suite.app, account.cookie, 'GET', '/api/me/security', { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Test' } });
    expect(answer.statusCode).toBe(200);
    const { sessions: listed } = answer.json() as { sessions: { id: string; current: boolean }[] };
    expect(listed).toHaveLength(2);
    expect(listed[0]!.current).toBe(true);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(answer.body).not.toMatch(/token/i);

    const otherId = listed.find((session) => !session.current)!.id;
    expect((await injectAs(suite.app, stranger.cookie, 'DELETE', `/api/me/sessions/${otherId}`)).statusCode).toBe(404);
    expect((await injectAs(suite.app, other, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await injectAs(suite.app, account.cookie, 'DELETE', `/api/me/sessions/${otherId}`)).statusCode).toBe(204);
    expect((await injectAs(suite.app, other, 'GET', '/api/me')).statusCode).toBe(401);
    expect(
      await suite.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, account.user.id))),
    ).toHaveLength(1);
  });

  it('sessions opened with the password before enrolment end when the factor is confirmed', async () => {
    const admin = await newAdmin();
    const elsewhere = cookieFrom(await signIn(admin.email));
    expect((await injectAs(suite.app, elsewhere, 'GET', '/api/me')).statusCode).toBe(200);
    const { cookie } = await enrollSecondFactor(suite.app, admin);
    expect((await injectAs(suite.app, elsewhere, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await injectAs(suite.app, cookie, 'GET', '/api/admin/orders')).statusCode).toBe(200);
  });

  it('the test shortcut for other features leaves the same state a real enrolment does', async () => {
    const account = await signUp(suite.app);
    await promoteEnrolledAdmin(suite.database.db, account.user.email);
    expect((await injectAs(suite.app, account.cookie, 'GET', '/api/me')).json().user).toMatchObject({ isAdmin: true, twoFactorEnabled: true });
  });
});
