import { expect, test } from './support/fixtures';
import { runAxe } from './support/axe';
import { createOrder, payOnCheckout } from './support/orders';

/*
 * The queue, in Spanish: a founder pays; the administrator's open queue shows the order
 * due within 24 hours, with no owner, without a reload (once: not again in the unassigned pool);
 * the administrator takes it from the order page, and the queue filtered to "Míos" shows it as theirs.
 */
test('a paid order reaches the open queue live, listed once; taken from its page, it shows under “Míos”', async ({ customerPage: page, adminPage: admin }) => {
  const orderId = await createOrder(page.request);
  const number = orderId.slice(0, 8).toUpperCase();
  await admin.goto('/es/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Trabajo pendiente' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Pendientes' })).toHaveAttribute('aria-current', 'page');
  const dueToday = admin.getByTestId('queue-dueToday');
  const unassigned = admin.getByTestId('queue-unassigned');
  const row = (section: typeof dueToday) => section.getByRole('listitem').filter({ hasText: number });
  await expect(row(dueToday)).toHaveCount(0);

  // paid now: its 24 hours to start processing run from here
  await page.goto(`/checkout?orderId=${orderId}`);
  await payOnCheckout(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

  // the open queue reads itself again on the live event
  await expect(row(dueToday)).toContainText('Iniciar el procesamiento · vence', { timeout: 10_000 });
  await expect(row(dueToday)).toContainText('Sin asignar');
  await expect(row(unassigned)).toHaveCount(0);
  const { violations } = await runAxe(admin, { include: 'main' });
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // the administrator opens it from the queue and takes it
  await row(dueToday)
    .getByRole('link', { name: new RegExp(number) })
    .click();
  await expect(admin).toHaveURL(`/es/admin/orders/${orderId}`);
  await admin.getByTestId('owner-control').getByRole('button', { name: 'Tomarlo' }).click();
  await expect(admin.getByTestId('owner-control')).toContainText('Usted');

  // back on the queue, filtered to theirs (in the URL)
  await admin.getByRole('link', { name: 'Pendientes' }).click();
  await admin.getByLabel('De quién').selectOption({ label: 'Míos' });
  await expect(admin).toHaveURL('/es/admin?owner=mine');
  await expect(row(dueToday)).toContainText('Responsable:');
  await expect(row(dueToday)).not.toContainText('Sin asignar');
  await expect(row(unassigned)).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByLabel('De quién')).toHaveValue('mine');
  await expect(row(dueToday)).toBeVisible();

  // a phone: nothing runs off the screen
  await admin.setViewportSize({ width: 320, height: 800 });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
