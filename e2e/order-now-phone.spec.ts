import { expect, test } from './support/fixtures';
import { completeAndSign } from './support/filing';
import { createOrder, payThroughApi } from './support/orders';

/*
 * A founder on a 390 px phone, in Spanish: after payment the dashboard's first screen, without
 * scrolling, says where the order is and the one thing to do, with its button; it follows the order
 * live as it moves (the details to complete, the documents to sign, nothing to do while the team
 * works, the EIN issued).
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'es-MX' });

test('the phone’s first screen shows the order’s state and next step, and follows it: details → sign → nothing to do → EIN issued', async ({
  customerPage: page,
  adminPage: admin,
}) => {
  expect((await page.request.put('/api/me/language', { data: { language: 'es' } })).status()).toBe(204);
  const orderId = await createOrder(page.request, { companyName1: 'Cóndor Importaciones LLC' });
  await payThroughApi(page.request, orderId);
  await page.goto('/es/dashboard');
  const now = page.getByTestId('order-now');
  const stage = page.getByTestId('order-now-stage');
  const next = page.getByTestId('order-now-next');
  /** the card and its step are on the first screen: nothing to scroll to */
  const onFirstScreen = async () => {
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await now.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };

  await expect(stage).toHaveText('Pagado. Necesitamos los datos de su empresa para preparar la presentación.');
  await expect(next).toHaveText('Completar los datos de su empresa');
  await expect(page.getByTestId('stat-total')).toHaveCount(0);
  await onFirstScreen();
  // its button opens the order with the details first
  await next.click();
  await expect(page).toHaveURL(`/es/dashboard?order=${orderId}`);
  await expect(page.getByRole('region', { name: /Cóndor Importaciones LLC/ }).getByTestId('filing-section')).toBeVisible();
  await page.goto('/es/dashboard');

  // the details saved (elsewhere: the API), the page follows live
  const sign = await completeAndSign(page.request, orderId, 'Ana María Pérez', null);
  await expect(stage).toHaveText('Sus documentos están listos para firmar.');
  await expect(next).toHaveText('Firmar sus documentos');
  await onFirstScreen();

  await sign();
  await expect(stage).toHaveText('Firmado. Nuestro equipo está revisando sus documentos.');
  await expect(next).toContainText('Por ahora no tiene nada que hacer');
  await expect(next).toContainText(/Fecha estimada: \d{1,2} de \w+ de \d{4}\./);
  await expect(next).not.toHaveRole('link');
  await onFirstScreen();

  // the team approves the packet and records the EIN
  expect((await admin.request.post(`/api/admin/orders/${orderId}/packet/approve`)).status()).toBe(200);
  await expect(stage).toHaveText(/^Aprobado\. Estamos preparando la presentación ante Wyoming\.$/);
  const today = new Date().toISOString().slice(0, 10);
  const record = async (milestone: string, ein?: string) => {
    const recorded = await admin.request.post(`/api/admin/orders/${orderId}/milestones`, { data: { milestone, occurredOn: today, ...(ein ? { ein } : {}) } });
    expect(recorded.status(), await recorded.text()).toBe(200);
  };
  await record('filed_with_state');
  await expect(stage).toHaveText('Presentada ante Wyoming: esperamos la aprobación del estado.');
  await expect(next).toContainText('Por ahora no tiene nada que hacer');
  for (const milestone of ['state_approved', 'ein_requested']) await record(milestone);
  await record('ein_issued', '12-3456789');
  await expect(stage).toHaveText('El IRS emitió su EIN. Su LLC está lista.');
  await expect(next).toHaveText('No queda nada por hacer.');
  await onFirstScreen();
});
