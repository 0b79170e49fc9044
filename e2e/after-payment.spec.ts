import { expect, test } from './support/fixtures';
import { outboxMessagesTo, password, signInThroughUi } from './support/accounts';
import { createOrder, payOnCheckout } from './support/orders';

/* What a founder sees after paying — milestones with dates, the EIN, the receipt. */

test.describe('after payment', () => {
  test('a customer pays; an administrator records three milestones with the EIN; the dashboard shows them, one email each, and the receipt downloads', async ({
    customerPage: page,
    adminPage: admin,
    customer: { email },
  }) => {
    test.slow(); // two people, a payment, three milestones and a download
    const orderId = await createOrder(page.request);
    const number = orderId.slice(0, 8).toUpperCase();

    // the customer pays through the test provider
    await page.goto(`/checkout?orderId=${orderId}`);
    await payOnCheckout(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByTestId('what-happens-next')).toContainText(/2.4 weeks/);

    // the administrator records filed, approved, requested and the EIN, in their order
    await admin.goto(`/admin/orders/${orderId}`);
    const form = admin.getByRole('form', { name: 'Record a milestone' });
    for (const milestone of ['filed_with_state', 'state_approved', 'ein_requested', 'ein_issued'] as const) {
      await form.getByLabel('Milestone').selectOption(milestone);
      if (milestone === 'ein_issued') await form.getByLabel(/^EIN/).fill('12-3456789');
      await form.getByRole('button', { name: 'Record milestone' }).click();
      await expect(form.getByRole('status')).toContainText('recorded');
    }

    // the customer's dashboard: the dates and the EIN; the estimate has gone with the EIN known
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Andes Trading LLC/ }).click();
    await expect(page.getByTestId('milestone-timeline')).toBeVisible();
    await expect(page.getByTestId('milestone-window')).toHaveCount(0);
    const timeline = page.getByTestId('milestone-timeline');
    for (const name of ['Filed with the state', 'Approved by the state', 'EIN issued'])
      await expect(timeline.getByRole('listitem').filter({ hasText: name }).locator('time')).toBeVisible();
    await expect(page.getByText('12-3456789')).toBeVisible();

    // exactly one email per milestone
    for (const name of ['Filed with the state', 'Approved by the state', 'EIN issued']) {
      await expect.poll(() => outboxMessagesTo(email).filter((mail) => mail.includes(`Order #${number}: ${name}`)).length, { timeout: 15_000 }).toBe(1);
    }

    // the receipt
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download receipt (PDF)' }).first().click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

    // the payment email's receipt link, opened signed out: sign in, and the order is open on the dashboard
    await expect.poll(() => outboxMessagesTo(email).some((mail) => mail.includes('/dashboard?order='))).toBe(true);
    const paymentMail = outboxMessagesTo(email).find((mail) => mail.includes('/dashboard?order='))!;
    const link = /https?:\/\/\S+\/dashboard\?order=[\w-]+/.exec(paymentMail)![0];
    expect(new URL(link).searchParams.get('order')).toBe(orderId);
    await page.context().clearCookies();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page).toHaveURL(/\/login\?next=/);
    await signInThroughUi(page, email, password);
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?order=${orderId}$`));
    await expect(page.getByRole('button', { name: /Andes Trading LLC/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: /Andes Trading LLC/ })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Download receipt (PDF)' })).toBeVisible();
  });
});
