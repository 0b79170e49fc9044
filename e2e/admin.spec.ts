import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { outboxMessagesTo, signInThroughUi } from './support/accounts';
import { createOrder as createOrderFor, pdf } from './support/orders';

/** An order with its own organizer and company, so the search finds it and no other. */
const createOrder = (page: Page, organizerName: string, companyName: string) =>
  createOrderFor(page.request, { organizerName, companyName1: companyName, companyName2: `${companyName} Two`, companyName3: `${companyName} Three` });

test.describe('administration', () => {
  test('an administrator finds an order by searching, completes it and adds a PDF the customer then opens', async ({
    customerPage: page,
    customer,
    adminPage: admin,
    context,
  }) => {
    // a unique organizer, so the search finds this order and no other
    const tag = `${Date.now().toString(36)}x${process.pid}`;
    const organizerName = `Zoë Quintana ${tag}`;
    const companyName = `Quintana ${tag} LLC`;

    // the customer orders
    const orderId = await createOrder(page, organizerName, companyName);

    // the administrator, in a browser of their own, opens the orders and searches in mixed case
    await admin.goto('/admin/orders');
    await expect(admin).toHaveTitle(/^Orders \|/);
    await admin.getByRole('searchbox', { name: 'Search orders' }).fill(`zOë qUINTANA ${tag.toUpperCase()}`);
    await expect(admin).toHaveURL(/\?q=/);
    const rows = admin.getByTestId('order-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Pending Payment');
    await expect(admin.getByTestId('orders-total')).toHaveText('1 match');
    await rows
      .first()
      .getByRole('link', { name: orderId.slice(0, 8).toUpperCase() })
      .click();

    await expect(admin).toHaveURL(`/admin/orders/${orderId}`);
    await expect(admin.getByRole('heading', { level: 1, name: `Order #${orderId.slice(0, 8).toUpperCase()}` })).toBeVisible();
    await expect(admin.getByText(`${companyName} Three`)).toBeVisible();

    // the customer's passport opens through the authorized download, for the administrator too
    const passport = admin.getByTestId('identity-documents').getByRole('link', { name: /Passport/ });
    await expect(passport).toHaveAttribute('target', '_blank');
    const passportFile = await admin.request.get((await passport.getAttribute('href'))!);
    expect(passportFile.status()).toBe(200);

    // processing, then completed: each change confirmed and written to the history
    for (const [status, label] of [
      ['processing', 'In Process'],
      ['completed', 'Completed'],
    ] as const) {
      await admin.getByLabel('Order status').selectOption(status);
      await admin.getByRole('button', { name: 'Update status' }).click();
      await expect(admin.getByText(`Status updated to ${label}.`)).toBeVisible();
    }
    const history = admin.getByTestId('status-history').getByRole('listitem');
    await expect(history).toHaveCount(3);
    await expect(history.first()).toContainText('From In Process to Completed');
    await expect(history.first()).toContainText('by Erin Admin');

    // a PDF for the customer
    await admin.getByLabel('Document to add').setInputFiles({ name: 'Articles of Organization.pdf', mimeType: 'application/pdf', buffer: pdf });
    await admin.getByRole('button', { name: 'Upload' }).click();
    await expect(admin.getByText('Articles of Organization.pdf was added. The customer will get one email for this batch of changes.')).toBeVisible();
    await expect(admin.getByTestId('order-documents').getByRole('link', { name: /Articles of Organization\.pdf/ })).toBeVisible();

    // one upload by mistake is deleted, a draft replaced: changes within DOCUMENT_EMAIL_DELAY_SECONDS of
    // each other (5 s in e2e/support/global-setup.ts) reach the customer as ONE email listing the documents
    for (const name of ['Draft.pdf', 'Wrong order.pdf']) {
      await admin.getByLabel('Document to add').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
      await admin.getByRole('button', { name: 'Upload' }).click();
      await expect(admin.getByTestId('order-documents').getByRole('link', { name: new RegExp(name.replace('.', '\\.')) })).toBeVisible();
    }
    await admin.getByRole('button', { name: 'Delete Wrong order.pdf' }).click();
    await admin.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(admin.getByRole('link', { name: /Wrong order\.pdf/ })).toHaveCount(0);
    const chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('button', { name: 'Replace Draft.pdf' }).click();
    await (await chooser).setFiles({ name: 'Operating Agreement.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(admin.getByText('Replaced with Operating Agreement.pdf. The customer will get one email for this batch of changes.')).toBeVisible();
    await expect(admin.getByTestId('order-documents').getByRole('link')).toHaveText([/Operating Agreement\.pdf/, /Articles of Organization\.pdf/]);
    const documentEmails = () => outboxMessagesTo(customer.email).filter((text) => text.includes('We updated the documents of your order'));
    await expect.poll(() => documentEmails().length, { timeout: 30_000 }).toBe(1);
    expect(documentEmails()[0]).toContain('- Articles of Organization.pdf');
    expect(documentEmails()[0]).toContain('- Operating Agreement.pdf');
    expect(documentEmails()[0]).not.toContain('Draft.pdf');

    // back to the list, with the search kept
    await admin.getByRole('link', { name: 'All orders' }).click();
    await expect(admin).toHaveURL(/\/admin\/orders\?q=/);
    await expect(rows.first()).toContainText('Completed');

    // the customer sees Completed, the completed message, and opens the document
    await page.goto('/dashboard');
    const card = page.getByRole('button', { name: new RegExp(companyName) });
    await expect(card.getByText('Completed')).toBeVisible();
    await expect(page.getByTestId('order-next-step')).toContainText('Order completed: your LLC has been formed.');
    await card.click();
    const documentLink = page.getByRole('region', { name: new RegExp(companyName) }).getByRole('link', { name: /Articles of Organization\.pdf/ });
    await expect(documentLink).toHaveAttribute('target', '_blank');
    const fileResponse = context.waitForEvent('response', (response) => response.url().includes('/api/documents/'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), documentLink.click()]);
    const response = await fileResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(popup.url()).toContain('/api/documents/');
  });

  test('the admin header leads to every admin page, in both languages', async ({ page }) => {
    await page.goto('/login');
    await signInThroughUi(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!, process.env.E2E_ADMIN_TOTP_SECRET!);
    await expect(page).toHaveURL(/\/admin\/orders$/);
    const nav = page.getByRole('navigation', { name: 'Administration' });
    // the sign-in toast is up, and no link of the header is under it
    await expect(page.getByText('Login Successful')).toBeVisible();
    for (const link of await nav.getByRole('link').all()) {
      const topmost = await link.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      });
      expect(topmost, await link.innerText()).toBe(true);
    }
    await nav.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await nav.getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Support tickets' })).toHaveAttribute('href', '/admin/tickets');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

    await page.getByRole('button', { name: 'Cambiar a español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Panel de usuario' })).toHaveAttribute(
      'href',
      '/es/dashboard',
    );
    await expect(page).toHaveURL(/\/es\/admin\/orders$/);
  });

  test('a customer opening /admin/orders is sent to /dashboard', async ({ customerPage: page }) => {
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
