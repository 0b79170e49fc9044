import { pdfText } from '../src/server/test/pdf-text';
import { expect, test } from './support/fixtures';
import { outboxMessagesTo } from './support/accounts';
import { acceptCheckoutTerms, chooseCountry } from './support/orders';
import { fillAddress, labelled, pdfFile, position, spanish } from './support/wizard';

/*
 * The founder's journey: a Mexican founder on a phone, in Spanish, types her WhatsApp number, orders a
 * name with "Bank" in Wyoming (warned and confirmed, not refused), pays, and reads the price as
 * US$399 — never a bare "$", which reads as pesos — on the checkout, the payment page, the success
 * page, the email and the receipt PDF.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'es-MX' });

test('a Mexican founder orders "Águila Bank LLC" in Wyoming with her WhatsApp number and reads US$399 everywhere', async ({
  customerPage: page,
  customer: { email },
}) => {
  test.slow(); // a whole order, a payment, an email and a PDF
  await page.goto('/dashboard');
  // the switch saves the account's language (which the checkout speaks) once the session is known:
  // wait for the signed-in dashboard, then for the save, before leaving the page
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/language' && response.request().method() === 'PUT');
  await page.getByTestId('language-switch').filter({ visible: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect((await saved).status()).toBe(204);
  await page.goto('/es/order');
  await expect(page.getByRole('radio', { name: 'Wyoming' })).toBeChecked();

  // step 1: a banking word in every state is warned about and confirmed, with the reason
  await labelled(page, 'Primera opción').fill('Águila Bank LLC');
  await labelled(page, 'Segunda opción').fill('Águila Labs LLC');
  await labelled(page, 'Tercera opción').fill('Águila Holdings LLC');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(position(page)).toHaveText('Paso 1 de 4');
  await expect(labelled(page, 'Primera opción')).toHaveAccessibleDescription(/leyes bancarias/);
  await page.getByRole('checkbox', { name: /^Entiendo que las leyes bancarias, de seguros y de fideicomisos/ }).check();
  // the warning goes once confirmed (and the button moves up with it): then on
  await expect(labelled(page, 'Primera opción')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(position(page)).toHaveText('Paso 2 de 4');

  // step 2: the number as WhatsApp shows it, with the old mobile "1"
  await labelled(page, 'Nombre completo del organizador').fill('María José Hernández');
  await labelled(page, 'Teléfono (opcional)').fill('+52 1 55 1234 5678');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(position(page)).toHaveText('Paso 3 de 4');
  await fillAddress(page, spanish, { line1: 'Av. Insurgentes Sur 1234', city: 'Ciudad de México', state: 'CDMX', zip: '03100' }, 'México');
  await chooseCountry(labelled(page, 'Nacionalidad (país de ciudadanía)'), 'méx', 'México');
  await labelled(page, 'Pasaporte').setInputFiles(pdfFile('WhatsApp Image 2026-11-27 at 10.15.32 AM.pdf'));
  await page.getByRole('button', { name: 'Enviar pedido' }).click();

  // the summary: the number stored without the "1", the total in dollars that say so
  await expect(page).toHaveURL(/\/es\/order\/confirm\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByRole('region', { name: 'Contacto' })).toContainText('+52 55 1234 5678');
  await expect(page.getByText('US$399').first()).toBeVisible();

  await page.getByRole('link', { name: 'Continuar al pago' }).click();
  await expect(page.getByText('US$399').first()).toBeVisible();
  const checkoutText = await page.locator('main').innerText();
  expect(checkoutText).not.toMatch(/(?<!US)\$\d/);
  await acceptCheckoutTerms(page, 'es');
  await page.getByRole('button', { name: 'Completar pago' }).click();
  await expect(page).toHaveURL(/\/api\/test-payments\/checkout\?session=/);
  await page.getByRole('button', { name: 'Pagar US$399' }).click();

  // the success page: the payment complete, the LLC in progress, the amount in US dollars
  await expect(page.getByRole('heading', { level: 1, name: 'Pago realizado con éxito' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'Detalles del pago' });
  await expect(payment).toContainText('US$399');
  await expect(payment.getByTestId('payment-status')).toHaveText('Completado');
  await expect(page.getByTestId('order-now-stage')).toHaveText('Pagado. Necesitamos los datos de su empresa para preparar la presentación.');

  // the email: in Spanish, the amount with its currency
  // (the subject is encoded: "n.º" is not ASCII; the body says it)
  await expect.poll(() => outboxMessagesTo(email).some((mail) => mail.includes('Recibimos su pago')), { timeout: 15_000 }).toBe(true);
  const mail = outboxMessagesTo(email).find((text) => text.includes('Recibimos su pago'))!;
  expect(mail).toContain('Recibimos su pago de US$399');
  expect(mail).toContain(orderId.slice(0, 8).toUpperCase());
  expect(mail.replace(/US\$\d/g, '')).not.toMatch(/\$\d/);

  // the receipt, parsed back
  const receipt = await page.request.get(`/api/orders/${orderId}/receipt`);
  expect(receipt.status()).toBe(200);
  const text = await pdfText(await receipt.body());
  expect(text).toContain('Recibo');
  expect(text).toContain('Monto pagado US$399');
  expect(text).toContain('Tarifa estatal de presentación Incluida');
  expect(text.replace(/US\$\d/g, '')).not.toMatch(/\$\d/);
});
