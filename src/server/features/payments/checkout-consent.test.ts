import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { termsVersion } from '@shared/payments';
import { orders } from '@server/db/schema';
import { decodeTestSession } from '@server/platform/payments/test-provider';
import { appPerSuite, signUp, customerWithOrder, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { checkoutConsent } from '@server/test/payments';

describe.each(testDatabases)('consent at checkout on $name', (target) => {
  const suite = appPerSuite(target);

  const newOrder = () => customerWithOrder(suite.app);
  const checkout = (orderId: string, cookie: string, payload?: object) =>
    suite.app.inject({ method: 'POST', url: `/api/orders/${orderId}/checkout`, headers: { cookie }, payload });
  const consentOf = async (id: string) =>
    (
      await suite.database.db
        .select({ version: orders.termsVersion, at: orders.termsAcceptedAt, paymentId: orders.paymentId })
        .from(orders)
        .where(eq(orders.id, id))
    )[0]!;
  const sessionOf = (url: string) => decodeTestSession(suite.app.services.testPaymentsSecret, new URL(url).searchParams.get('session')!)!.id;

  it.each([
    ['no body', undefined, { acceptTerms: 'payment.acceptTermsRequired', confirmAdult: 'payment.confirmAdultRequired' }],
    ['terms not accepted', { acceptTerms: false, confirmAdult: true }, { acceptTerms: 'payment.acceptTermsRequired' }],
    ['age not confirmed', { acceptTerms: true }, { confirmAdult: 'payment.confirmAdultRequired' }],
    [
      'strings instead of true',
      { acceptTerms: 'true', confirmAdult: 'yes' },
      { acceptTerms: 'payment.acceptTermsRequired', confirmAdult: 'payment.confirmAdultRequired' },
    ],
  ])('refuses a checkout with %s (400, nothing recorded, no session)', async (_case, payload, fields) => {
    const { orderId, cookie } = await newOrder();
    const response = await checkout(orderId, cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', fields });
    expect(await consentOf(orderId)).toEqual({ version: null, at: null, paymentId: null });
  });

  it('records the terms version and the first acceptance; a second click keeps it; the administrator sees it', async () => {
    const { orderId, cookie } = await newOrder();
    const before = Date.now();
    expect((await checkout(orderId, cookie, checkoutConsent)).statusCode).toBe(200);
    const first = await consentOf(orderId);
    expect(first.version).toBe(termsVersion);
    expect(first.at!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect((await checkout(orderId, cookie, checkoutConsent)).statusCode).toBe(200);
    expect((await consentOf(orderId)).at).toEqual(first.at);

    const admin = await signUp(suite.app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    const detail = await suite.app.inject({ url: `/api/admin/orders/${orderId}`, headers: { cookie: admin.cookie } });
    expect(detail.json().order).toMatchObject({ termsVersion, termsAcceptedAt: first.at!.toISOString() });
  });

  it('a double click on a fresh order opens one session: both answers lead to the session stored on the order', async () => {
    const { orderId, cookie } = await newOrder();
    const answers = await Promise.all([checkout(orderId, cookie, checkoutConsent), checkout(orderId, cookie, checkoutConsent)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((answer) => sessionOf(answer.json().url as string));
    expect(a).toBe(b);
    expect((await consentOf(orderId)).paymentId).toBe(a);
  });
});
