import { expect, test } from './support/fixtures';
import { outboxMessagesTo } from './support/accounts';
import { runAxe } from './support/axe';
import { createOrder, payThroughApi } from './support/orders';

/*
 * The money-back guarantee in Spanish: a founder asks for a refund because the state
 * refused the name after filing; an administrator approves the amount the rules suggest; the
 * provider's refund event completes it; the dashboard says "Reembolsado" with the amount and the
 * date, the credit note downloads, and the outbox holds the emails.
 */
test.use({ locale: 'es-MX' });

test('a founder asks for a refund in Spanish, the team approves the suggested amount, and the dashboard shows it refunded with its credit note', async ({
  customerPage: page,
  adminPage: admin,
  customer: { email },
}) => {
  test.slow(); // two people, a payment, a refund and a download
  expect((await page.request.put('/api/me/language', { data: { language: 'es' } })).status()).toBe(204);
  const orderId = await createOrder(page.request, { companyName1: 'Cóndor Andino LLC' });
  const number = orderId.slice(0, 8).toUpperCase();
  await payThroughApi(page.request, orderId);

  // the customer asks, from the order on the dashboard
  await page.goto(`/es/dashboard?order=${orderId}`);
  const section = page.getByTestId('refund-section');
  await section.getByRole('button', { name: 'Solicitar un reembolso' }).click();
  await section.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(section.getByText('Elija qué ocurrió.')).toBeVisible();
  await section.getByRole('radio', { name: 'El estado rechazó la empresa' }).check();
  await section.getByLabel('Cuéntenos más (opcional)').fill('Wyoming rechazó el nombre después de presentarlo; no queremos otro.');
  await section.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(section.getByRole('status')).toContainText('Enviamos su solicitud de reembolso');
  await expect(section.getByTestId('refund-state')).toContainText('Reembolso solicitado');
  const { violations } = await runAxe(page, { include: '[data-testid="refund-section"]' });
  expect(violations.map((violation) => violation.id)).toEqual([]);

  // the administrator approves what the rules suggest: all of it
  await admin.goto(`/es/admin/orders/${orderId}`);
  const panel = admin.getByTestId('refund-panel');
  await expect(panel).toContainText('El estado rechazó la empresa');
  await panel.getByRole('button', { name: 'Aprobar y reembolsar US$399' }).click();
  // asked first, with the amount, the card and what it does to the order
  const question = panel.getByRole('alertdialog', { name: '¿Reembolsar US$399?' });
  await expect(question).toContainText('Se devolverán US$399 a la tarjeta con la que pagó el cliente');
  await expect(question).toContainText('El pedido se cierra: su trabajo se detiene.');
  await question.getByRole('button', { name: 'Reembolsar US$399' }).click();
  await expect(panel).toContainText('Reembolsado', { timeout: 30_000 });

  // the dashboard: refunded, with the amount and the day, and the credit note
  await page.reload();
  await expect(page.getByTestId('refunded-badge')).toHaveText('Reembolsado');
  const state = page.getByTestId('refund-state');
  await expect(state).toContainText(/Reembolsado US\$399 el \d{1,2} de \w+ de \d{4}/);
  const download = page.waitForEvent('download');
  await state.getByRole('link', { name: /^Nota de crédito CN-\d{6} \(PDF\)$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^nota-de-credito-CN-\d{6}\.pdf$/);
  expect(
    Buffer.concat(await (await file.createReadStream()).toArray())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // the emails: the decision and the refund to the customer, each once
  await expect.poll(() => outboxMessagesTo(email).filter((mail) => mail.includes(number) && /CN-\d{6}/.test(mail)).length, { timeout: 15_000 }).toBe(1);
  expect(outboxMessagesTo(email).filter((mail) => mail.includes(number) && mail.includes('/dashboard?order=')).length).toBeGreaterThanOrEqual(2);
});
