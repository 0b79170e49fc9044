import { expect, test } from './support/fixtures';
import { outboxMessagesTo } from './support/accounts';
import { runAxe } from './support/axe';
import { createOrder } from './support/orders';

/*
 * The order's thread, in Spanish on a phone: the team asks inside the order, the founder reads it on
 * the open dashboard without a reload (the thread refreshes itself), answers there, and the team's
 * open page shows the answer; each side gets its email, and axe finds nothing on the thread.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'es-MX' });

test('the team asks in the order, the founder answers from the dashboard, each open page shows the other’s message without a reload', async ({
  customerPage: page,
  customer,
  adminPage: admin,
}) => {
  test.slow(); // two pages that each wait for the other's next refresh
  const orderId = await createOrder(page.request);

  await admin.goto(`/es/admin/orders/${orderId}`);
  const adminThread = admin.getByRole('region', { name: 'Mensajes' });
  await expect(adminThread.getByText('Todavía no hay mensajes con el cliente.')).toBeVisible();

  await page.goto(`/es/dashboard?order=${orderId}`);
  const thread = page.getByRole('region', { name: 'Mensajes' });
  await expect(thread.getByText('Todavía no hay mensajes.', { exact: false })).toBeVisible();

  // the team writes; the founder's open dashboard shows it, announced, with a working link
  const question = 'La foto de su pasaporte está borrosa. Suba otra, por favor: https://example.com/guia-pasaporte';
  await adminThread.getByLabel('Su mensaje').fill(question);
  await adminThread.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(adminThread.getByLabel('Su mensaje')).toBeFocused();
  await expect(adminThread.getByRole('list', { name: 'Mensajes' })).toContainText('La foto de su pasaporte está borrosa.');
  const received = thread.getByRole('list', { name: 'Mensajes' }).getByRole('listitem').first();
  await expect(received).toContainText('Equipo de Frontera', { timeout: 30_000 });
  await expect(received.getByRole('link', { name: 'https://example.com/guia-pasaporte' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(thread.getByText(/^Nuevo mensaje de Equipo de Frontera/)).toBeAttached();

  // the founder answers from there
  await thread.getByLabel('Su mensaje').fill('Listo, ya subí una foto nueva.\nGracias.');
  await thread.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(thread.getByRole('list', { name: 'Mensajes' }).getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByLabel('Su mensaje')).toHaveValue('');

  // the team's open page shows the answer, and the founder's copy says the team read it
  await expect(adminThread.getByRole('list', { name: 'Mensajes' })).toContainText('Listo, ya subí una foto nueva.', { timeout: 30_000 });
  await expect(thread.getByRole('list', { name: 'Mensajes' }).getByRole('listitem').last()).toContainText('Leído', { timeout: 30_000 });

  // one email each way: the team's at once, the founder's batch once its short delay passed
  await expect.poll(() => outboxMessagesTo(customer.email).filter((mail) => mail.includes('La foto de su pasaporte est')).length, { timeout: 30_000 }).toBe(1);
  expect(outboxMessagesTo('support@example.com').filter((mail) => mail.includes(customer.email) && mail.includes('Listo, ya sub'))).toHaveLength(1);

  for (const [who, width] of [
    [page, 390],
    [admin, 1280],
  ] as const) {
    await who.setViewportSize({ width, height: 900 });
    const { violations } = await runAxe(who, { include: '[data-testid="order-thread"]' });
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

/** A phone's photo, as a messaging app names it: a real PNG signature, which the server checks. */
const scan = {
  name: 'WhatsApp Image 2026-11-27 at 10.41.23 (1).png',
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]),
};

test('the team asks for a clearer passport; the founder’s open dashboard shows “Acción requerida” live, the upload from there replaces it, and the team’s open page shows it live', async ({
  customerPage: page,
  customer,
  adminPage: admin,
}) => {
  const orderId = await createOrder(page.request);
  await admin.goto(`/es/admin/orders/${orderId}`);
  const adminThread = admin.getByRole('region', { name: 'Mensajes' });
  await expect(adminThread.getByText('Todavía no hay mensajes con el cliente.')).toBeVisible();
  await page.goto('/es/dashboard');
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Acción requerida' })).toHaveCount(0);

  // the team turns its message into a request for a file that replaces the passport
  const ask = 'La foto de su pasaporte está borrosa. Suba una foto más nítida, por favor.';
  await adminThread.getByLabel('Su mensaje').fill(ask);
  await adminThread.getByLabel('Qué debe enviar').selectOption({ label: 'Un archivo' });
  await adminThread.getByLabel('El archivo reemplaza').selectOption({ label: 'pasaporte' });
  await adminThread.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(adminThread.getByTestId('request-card')).toContainText('Esperando al cliente');

  // the founder's open dashboard says so at the top and on the card, without a reload (the live stream)
  const action = page.getByRole('region', { name: 'Acción requerida' });
  await expect(action).toContainText(ask, { timeout: 5_000 });
  await expect(page.getByTestId('action-needed-badge')).toHaveText('Acción requerida');
  const { violations: onAction } = await runAxe(page, { include: '[data-testid="action-needed"]' });
  expect(onAction.map((violation) => violation.id)).toEqual([]);

  // the upload is right there
  await action.getByLabel('Elegir el archivo').setInputFiles(scan);
  // the name shown on one line, shortened in the middle, whole in its title
  await expect(action.getByTitle(scan.name)).toBeVisible();
  await action.getByRole('button', { name: 'Enviar archivo' }).click();
  await expect(action.getByText('Gracias: su respuesta se envió a nuestro equipo.')).toBeFocused();
  await expect(page.getByTestId('action-needed-badge')).toHaveCount(0);

  // the team's open page shows the answer and the closed request without a reload
  await expect(adminThread.getByTestId('request-card')).toContainText('Respondida', { timeout: 5_000 });
  await expect(adminThread.getByRole('list', { name: 'Mensajes' })).toContainText('Archivo nuevo enviado: pasaporte');
  // the passport on file is the new scan
  const passport = await page.request.get(`/api/orders/${orderId}/identity/passport`);
  expect(passport.headers()['content-type']).toBe('image/png');

  // one email each way: the request to the founder (its batch), the answer to the team at once
  await expect.poll(() => outboxMessagesTo(customer.email).filter((mail) => mail.includes('Suba una foto m')).length, { timeout: 30_000 }).toBe(1);
  expect(
    outboxMessagesTo('support@example.com').filter((mail) => mail.includes(customer.email) && mail.includes('a new passport replaces the old one')),
  ).toHaveLength(1);

  await page.goto(`/es/dashboard?order=${orderId}`);
  for (const [who, width] of [
    [page, 390],
    [admin, 1280],
  ] as const) {
    await who.setViewportSize({ width, height: 900 });
    await expect(who.getByTestId('order-thread')).toBeVisible();
    const { violations } = await runAxe(who, { include: '[data-testid="order-thread"]' });
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
