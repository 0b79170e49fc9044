import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, supportTickets, users, verifications } from '@server/db/schema';
import { collectAccountData } from '@server/features/account-data/data-export';
import { renderMail } from '@server/platform/mail/templates';
import { appPerSuite, confirmEmail, injectAs, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { verificationResendsPerHour } from './email-verification';

describe.each(testDatabases)('email addresses proven before they are trusted, on $name', (target) => {
  const suite = appPerSuite(target);
  const db = () => suite.database.db;
  const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const linkIn = (payload: Record<string, string>) => {
    const url = new URL(payload.verifyUrl!);
    return `${url.pathname}${url.search}`;
  };

  it('the welcome email carries a one-time link, in the language of the sign-up; opening it confirms the address', async () => {
    const account = await signUp(suite.app, { language: 'es' });
    expect(account.user.emailVerified).toBe(false);
    const [welcome] = await mailsTo(account.user.email);
    expect(welcome).toMatchObject({ template: 'welcome', language: 'es' });
    expect(welcome!.payload.verifyUrl).toMatch(/^http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[\w-]{43}$/);
    const rendered = renderMail('welcome', 'es', welcome!.payload as never);
    expect(rendered.text).toContain(`Primero, confirme que esta dirección es suya (el enlace sirve una vez, durante 48 horas):\n${welcome!.payload.verifyUrl}`);
    // the database holds only a digest of the token
    expect(JSON.stringify(await db().select().from(verifications).where(eq(verifications.value, account.user.id)))).not.toContain(
      new URL(welcome!.payload.verifyUrl!).searchParams.get('token'),
    );

    const opened = await suite.app.inject({ url: linkIn(welcome!.payload) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/\/es\/dashboard\?email=verified$/);
    expect((await injectAs(suite.app, account.cookie, 'GET', '/api/me')).json().user.emailVerified).toBe(true);
    // once: the same link again, a made-up one, and none at all say so, and change nothing
    for (const url of [linkIn(welcome!.payload), '/api/auth/verify-email?token=made-up', '/api/auth/verify-email']) {
      const again = await suite.app.inject({ url });
      expect({ url, status: again.statusCode, location: again.headers.location }).toEqual({
        url,
        status: 303,
        location: expect.stringMatching(/\/dashboard\?email=invalid$/),
      });
    }
  });

  it('an expired link confirms nothing; the owner asks for a new one, a few an hour, and not once confirmed', async () => {
    const account = await signUp(suite.app);
    const [welcome] = await mailsTo(account.user.email);
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, account.user.id));
    expect((await suite.app.inject({ url: linkIn(welcome!.payload) })).headers.location).toMatch(/\?email=invalid$/);
    const [row] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, account.user.id));
    expect(row!.verified).toBe(false);

    expect((await injectAs(suite.app, undefined, 'POST', '/api/me/email-verification')).statusCode).toBe(401);
    for (let n = 0; n < verificationResendsPerHour; n += 1)
      expect((await injectAs(suite.app, account.cookie, 'POST', '/api/me/email-verification')).statusCode).toBe(202);
    const limited = await injectAs(suite.app, account.cookie, 'POST', '/api/me/email-verification');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const resent = (await mailsTo(account.user.email)).filter((mail) => mail.template === 'verifyEmail');
    expect(resent).toHaveLength(verificationResendsPerHour);
    expect(renderMail('verifyEmail', 'en', resent[0]!.payload as never).subject).toBe('Confirm your email address');
    await confirmEmail(suite.app, account.user.email);
    const done = await injectAs(suite.app, account.cookie, 'POST', '/api/me/email-verification');
    expect({ status: done.statusCode, message: done.json().error.message }).toEqual({ status: 409, message: 'auth.verify.already' });
  });

  it("a visitor's ticket is not another's to download or delete by signing up with the address; once proven it is", async () => {
    const email = uniqueEmail('visitor');
    const filed = await suite.app.inject({
      method: 'POST',
      url: '/api/support-tickets',
      payload: { name: 'Rosa Visitante', email, support_message: 'Mi pregunta privada sobre mi pasaporte' },
    });
    expect(filed.statusCode).toBe(201);
    const ticketId = filed.json().ticket.id as string;

    // someone signs up with the visitor's address, never opening the link
    const impostor = await signUp(suite.app, { email, password: 'an impostor passphrase here' });
    // what "Download my data" puts in the archive
    expect((await collectAccountData(db(), impostor.user.id))!.data.supportTickets).toEqual([]);
    // deleting that account leaves the visitor's ticket where it was
    expect((await injectAs(suite.app, impostor.cookie, 'POST', '/api/me/delete', { payload: { password: 'an impostor passphrase here' } })).statusCode).toBe(
      204,
    );
    expect(await db().select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.id, ticketId))).toHaveLength(1);

    // the owner of the address signs up and proves it: the ticket is theirs
    const owner = await signUp(suite.app, { email });
    await confirmEmail(suite.app, email);
    expect((await collectAccountData(db(), owner.user.id))!.data.supportTickets).toMatchObject([{ id: ticketId }]);
    expect((await injectAs(suite.app, owner.cookie, 'POST', '/api/me/delete', { payload: { password: 'correct horse battery staple' } })).statusCode).toBe(204);
    expect(
      await db()
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.id, ticketId))),
    ).toEqual([]);
  });
});
