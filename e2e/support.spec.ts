import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { outboxMessagesTo, uniqueEmail } from './support/accounts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');
/** The default SUPPORT_EMAIL: where the app sends the team one email per ticket. */
const supportTeam = 'support@example.com';

/** The element's text colour as sRGB (Tailwind 4 writes oklch(); a canvas converts it). */
function textColor(locator: Locator): Promise<number[]> {
  return locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
}

async function fillTicket(page: Page, { name, email, message, messageLabel }: { name: string; email: string; message: string; messageLabel: RegExp }) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(messageLabel).fill(message);
}

test.describe('support and affiliate forms', () => {
  test('a support ticket and an affiliate application reach the administrator on /admin/tickets', async ({ page, adminPage: admin }) => {
    const run = Date.now().toString(36);
    const ticket = {
      name: `Ana Ticket ${run}`,
      email: uniqueEmail('ticket'),
      message: `My EIN letter has not arrived yet ${run}`,
      messageLabel: /Support message/,
    };
    const application = {
      name: `Marco Affiliate ${run}`,
      email: uniqueEmail('affiliate'),
      message: `I run a YouTube channel for online sellers ${run}`,
      messageLabel: /Affiliate request/,
    };

    await page.goto('/jv-support');
    await expect(page.getByTestId('direct-email')).toHaveAttribute('href', `mailto:${supportTeam}`);
    await fillTicket(page, ticket);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('heading', { name: 'Request sent' })).toBeFocused();
    await page.getByRole('button', { name: 'Send another request' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByLabel(/Support message/)).toHaveValue('');

    await page.goto('/affiliate-partner');
    await expect(page.getByRole('heading', { name: 'Why partner with us' })).toBeVisible();
    await fillTicket(page, application);
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why partner with us' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Submit Another Request' })).toBeVisible();

    // the support team is told about each one by email
    await expect.poll(() => outboxMessagesTo(supportTeam).filter((mail) => mail.includes(run)).length, { timeout: 15_000 }).toBe(2);

    // the administrator, in a browser of their own
    await admin.goto('/admin/tickets');
    await expect(admin.getByRole('heading', { name: 'Support tickets', level: 1 })).toBeVisible();
    const ours = admin.getByTestId('ticket').filter({ hasText: run });
    await expect(ours).toHaveCount(2);
    // newest first: the application came second
    await expect(ours.nth(0)).toContainText(application.name);
    await expect(ours.nth(0)).toContainText('Affiliate');
    await expect(ours.nth(0)).toContainText(application.message);
    await expect(ours.nth(1)).toContainText(ticket.name);
    await expect(ours.nth(1)).toContainText(ticket.email);

    await admin.getByRole('button', { name: 'Affiliate applications' }).click();
    await expect(admin).toHaveURL(/origin=affiliate/);
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText(application.name);
    await admin.getByRole('button', { name: 'Support tickets' }).click();
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText(ticket.name);
  });

  test('the word counter turns red above 100 words and Submit is disabled', async ({ page }) => {
    await page.goto('/jv-support');
    const counter = page.getByTestId('word-counter');
    const submit = page.getByRole('button', { name: 'Send request' });
    await page.getByLabel(/Support message/).fill(` ${words(100).replaceAll(' ', '\n')}\t`);
    await expect(counter).toHaveText('100/100 words');
    await expect(submit).toBeEnabled();
    const normal = await textColor(counter);

    await page.getByLabel(/Support message/).fill(words(101));
    await expect(counter).toContainText('101/100 words');
    await expect(submit).toBeDisabled();
    const [r = 0, g = 0, b = 0] = await textColor(counter);
    expect([r, g, b]).not.toEqual(normal);
    // red: the red channel dominates
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
  });

  test('a failure keeps what was typed under the red banner; a rate limit says to wait', async ({ page }) => {
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 500' }, { type: 'allow-console-error', description: 'status of 429' });
    let status = 500;
    await page.route('**/api/support-tickets', (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: status === 429 ? 'rate_limited' : 'internal', message: `errors.${status === 429 ? 'rate_limited' : 'internal'}` },
        }),
      }),
    );
    await page.goto('/affiliate-partner');
    const typed = { name: 'Kept Name', email: 'kept@example.com', message: 'these words are kept', messageLabel: /Affiliate request/ };
    await fillTicket(page, typed);
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit affiliate request. Please try again.' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue(typed.name);
    await expect(page.getByLabel(/Affiliate request/)).toHaveValue(typed.message);

    status = 429;
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please wait 15 minutes' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(typed.email);
  });

  test('a path under /affiliate other than /affiliate-partner renders an empty page, not the 404 screen', async ({ page }) => {
    const response = await page.goto('/affiliate/xyz');
    expect(response?.status()).toBe(200);
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('main')).toBeEmpty();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  });
});

test.describe('partner pages', () => {
  test('copy buttons put the promo texts on the clipboard and confirm it', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/jv-sales');
    const kit = page.getByTestId('promo-kit');

    await kit.getByRole('button', { name: 'Copy: Email 1' }).click();
    await expect(kit.getByRole('button', { name: 'Copied!: Email 1' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Copied to the clipboard' })).toHaveCount(1);
    const email = await page.evaluate(() => navigator.clipboard.readText());
    expect(email).toMatch(/^Subject: Form your US LLC from anywhere \(for \$399\)\n\nHi \{first name\},\n/);
    expect(email).toContain('[YOUR AFFILIATE LINK]');

    await kit.getByRole('button', { name: 'Copy: Post 3' }).click();
    await expect(kit.getByRole('button', { name: 'Copied!: Post 3' })).toBeVisible();
    const post = await page.evaluate(() => navigator.clipboard.readText());
    expect(post).toBe(await kit.getByTestId('copy-source').nth(4).textContent());
    expect(post).toMatch(/^Selling on Amazon, Shopify or Stripe\?/);
    // the confirmation goes away on its own
    await expect(kit.getByRole('button', { name: 'Copy: Post 3' })).toBeVisible({ timeout: 5_000 });

    await page.getByRole('link', { name: /See the partner program/ }).click();
    await expect(page).toHaveURL(/\/jv-partner$/);
    await page.getByTestId('promo-kit').getByRole('button', { name: 'Copy: Post 1' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Want a US company/);
  });

  // the launch is configuration (the product's June 1, 2025 by default, now past): no countdown to a past date
  test('the presale page says the partner launch has opened, and takes a launch-list email', async ({ page }) => {
    await page.goto('/jv-presale');
    await expect(page.getByText('Launched on June 1, 2025 at 12:00 PM EST')).toBeVisible();
    await expect(page.getByTestId('launched')).toBeVisible();
    await expect(page.getByTestId('countdown')).toHaveCount(0);

    await page.getByLabel('Email').fill('partner@example.com');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('status').filter({ hasText: "Thank you! You've been added to the launch list." })).toBeVisible();
  });
});
