import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { outboxMessagesTo, uniqueEmail } from './support/accounts';
import { createOrder } from './support/orders';

/** The administrator's browser in Spanish, from the first page on. */
async function inSpanish(page: Page) {
  await page.context().addCookies([{ name: 'lang', value: 'es', url: process.env.E2E_BASE_URL! }]);
  await page.context().addInitScript(() => localStorage.setItem('language', 'es'));
}

test.describe('operations', () => {
  test('in Spanish, an administrator filters paid Wyoming orders, opens one, adds a note and answers a ticket by email', async ({
    customerPage: page,
    adminPage: admin,
  }) => {
    const tag = `${Date.now().toString(36)}x${process.pid}`;
    const companyName = `Pradera ${tag} LLC`;

    // a paid Wyoming order
    const orderId = await createOrder(page.request, { llcState: 'WY', organizerName: `Inés Pradera ${tag}`, companyName1: companyName });
    await inSpanish(admin);
    expect((await admin.request.patch(`/api/admin/orders/${orderId}/status`, { data: { status: 'paid' } })).status()).toBe(200);

    // the filters: the Paid tab and Wyoming, then the search narrows to this order
    await admin.goto('/es/admin/orders');
    await admin
      .getByRole('group', { name: 'Filtrar por estado' })
      .getByRole('button', { name: /^Pagado/ })
      .click();
    await admin.getByLabel('Estado de la LLC').selectOption('WY');
    await admin.getByRole('searchbox', { name: 'Buscar pedidos' }).fill(tag);
    await expect(admin).toHaveURL(/status=paid/);
    await expect(admin).toHaveURL(/state=WY/);
    await expect(admin).toHaveURL(/q=/);
    const rows = admin.getByTestId('order-row');
    await expect(rows).toHaveCount(1);

    // a reload keeps every filter, from the URL
    await admin.reload();
    await expect(admin.getByLabel('Estado de la LLC')).toHaveValue('WY');
    await expect(admin.getByRole('button', { name: /^Pagado/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(companyName);
    await expect(rows.first()).toContainText('Wyoming');
    await expect(rows.first()).toContainText('Pagado');
    // the export link carries the same filters
    await expect(admin.getByTestId('export-csv')).toHaveAttribute('href', /status=paid.*state=WY.*lang=es|state=WY.*status=paid.*lang=es/);

    // the order, and an internal note
    await rows
      .first()
      .getByRole('link', { name: orderId.slice(0, 8).toUpperCase() })
      .click();
    await expect(admin).toHaveURL(`/es/admin/orders/${orderId}`);
    const note = `Pasaporte verificado por teléfono ${tag}`;
    await admin.getByLabel('Nueva nota').fill(note);
    await admin.getByRole('button', { name: 'Agregar nota' }).click();
    await expect(admin.getByText('Nota agregada.')).toBeVisible();
    await expect(admin.getByTestId('order-notes')).toContainText(note);
    // the customer's own view of the order never shows it
    const customerView = await page.request.get(`/api/orders/${orderId}`);
    expect(await customerView.text()).not.toContain(note);

    // a ticket written in Spanish, answered from its page
    const requester = uniqueEmail('ticket');
    const name = `Rosa Quispe ${tag}`;
    const submitted = await page.request.post('/api/support-tickets', {
      data: { name, email: requester, support_message: 'Mi EIN todavía no llega, ¿pueden revisar?', language: 'es' },
    });
    expect(submitted.status()).toBe(201);
    await admin.goto('/es/admin/tickets?status=open');
    const card = admin.getByTestId('ticket').filter({ hasText: name });
    await expect(card).toContainText('Abierto');
    await card.getByRole('link', { name: /Abrir el ticket/ }).click();
    await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
    const reply = `Su EIN sale esta semana, ${tag}.`;
    await admin.getByLabel('Responder al solicitante').fill(reply);
    await admin.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(admin.getByText('Respuesta enviada.')).toBeVisible();
    await expect(admin.getByTestId('thread-reply')).toContainText(reply);
    await expect(admin.getByTestId('ticket-status').first()).toHaveText('Respondido');

    // the requester gets the reply, in Spanish, answering to the support address
    // (the team's notification names the requester in its Reply-To: only the mail addressed to them counts)
    const replies = () => outboxMessagesTo(requester).filter((text) => new RegExp(`^To: ${requester}$`, 'm').test(text));
    await expect.poll(() => replies().length, { timeout: 15_000 }).toBe(1);
    const [mail] = replies();
    expect(mail).toContain('Subject: Re: su mensaje a Frontera');
    expect(mail).toContain(reply);
    expect(mail).toMatch(/^Reply-To: \S+@\S+$/m);
    expect(mail).toContain('Hola, Rosa:');
  });
});
