import { expect, test } from './support/fixtures';
import { runAxe } from './support/axe';
import { checkoutConsent, createOrder } from './support/orders';
import { stillPage } from './support/still';

/* The calendar reaches the customer once an administrator records "state approved". */

test('an administrator records "state approved" for a Wyoming order; the dashboard shows the $60 report on the first of the anniversary month and Form 5472 next April 15', async ({
  customerPage: page,
  adminPage: admin,
}) => {
  test.slow(); // two people, a payment and a milestone
  // a Wyoming order of a foreign organizer (the default order: Peru), paid through the test provider by API
  const orderId = await createOrder(page.request);
  const checkout = await page.request.post(`/api/orders/${orderId}/checkout`, { data: checkoutConsent });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get('session')!;
  expect((await page.request.post('/api/test-payments/checkout/pay', { form: { session }, maxRedirects: 0 })).status()).toBe(303);

  // before approval: no panel
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Andes Trading LLC/ }).click();
  await expect(page.getByTestId('milestone-timeline')).toBeVisible();
  await expect(page.getByTestId('compliance-panel')).toHaveCount(0);

  await admin.goto(`/admin/orders/${orderId}`);
  const form = admin.getByRole('form', { name: 'Record a milestone' });
  // the filing first: milestones are recorded in their order
  await form.getByLabel('Milestone').selectOption('filed_with_state');
  await form.getByRole('button', { name: 'Record milestone' }).click();
  await expect(form.getByRole('status')).toContainText('recorded');
  await form.getByLabel('Milestone').selectOption('state_approved');
  // formed today (the form's default: an approval cannot predate the order)
  const formed = await form.getByLabel('Date').inputValue();
  const [year, month] = formed.split('-').map(Number) as [number, number];
  // dates in running text are written in long form
  const firstOfMonth = (y: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, month - 1, 1));
  await form.getByRole('button', { name: 'Record milestone' }).click();
  await expect(form.getByRole('status')).toContainText('recorded');

  await page.reload();
  await page.getByRole('button', { name: /Andes Trading LLC/ }).click();
  const panel = page.getByTestId('compliance-panel');
  const report = panel.getByTestId('deadline-state-annual-report').first();
  await expect(report).toContainText(`Due ${firstOfMonth(year + 1)}`);
  await expect(report).toContainText('From $60');
  await expect(panel.getByTestId('deadline-federal-5472').first()).toContainText(`Due April 15, ${year + 1} (extension to October 15, ${year + 1})`);
  await expect(panel.getByTestId('deadline-boi-note')).toContainText('not required');

  // no axe violations in the panel (WCAG 2.2 AA), transitions off so colours are final
  await stillPage(page);
  const scan = await runAxe(page, { include: '[data-testid="compliance-panel"]' });
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // marked done, it stays done after a reload and next year's report appears
  await report.getByRole('button', { name: /^Mark as done/ }).click();
  await expect(panel.getByTestId('deadline-state-annual-report').filter({ hasText: `Due ${firstOfMonth(year + 2)}` })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: /Andes Trading LLC/ }).click();
  await expect(page.getByTestId('deadline-state-annual-report').first()).toHaveAttribute('data-status', 'done');
});
