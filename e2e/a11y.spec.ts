import type { Page } from '@playwright/test';
import { languageCookie, languageStorageKey } from '@shared/languages';
import { themeStorageKey } from '@shared/theme';
import { expect, test } from './support/fixtures';
import { signInThroughApi, signUpThroughApi, uniqueEmail } from './support/accounts';
import { runAxe } from './support/axe';
import { afterTwoFrames } from './support/live';
import { checkoutConsent, chooseCountry, createOrder, pdf } from './support/orders';
import { localizedPath } from '../src/shared/locale-paths';
import { stillPage } from './support/still';
import { freshTotpCode, wrongTotpCode } from '../src/server/test/totp';

/*
 * axe-core on every route of the app (src/client/app/router.tsx), signed out, as a customer and as
 * the administrator, in both languages, light and dark, at 1280 and 390 px: 0 violations of any
 * impact for the WCAG 2.0/2.1/2.2 A and AA rules. One page per test is loaded once per state;
 * the theme (the .dark class on <html>, as the theme switch sets it) and the viewport change in
 * place, so the wizard keeps its state while each variant is scanned.
 */

const themes = ['light', 'dark'] as const;
const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const languages = ['en', 'es'] as const;
type Language = (typeof languages)[number];

interface Finding {
  page: string;
  variant: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** What one test scanned: every (page state × variant) and what axe found there. */
class Scans {
  count = 0;
  /** what axe could not decide (e.g. text over an image): reported, not failed */
  needsReview = 0;
  readonly findings: Finding[] = [];

  constructor(private readonly name: string) {}

  /**
   * Scans the page as it stands in every theme × viewport. `prepare` runs before each scan, for
   * states that do not last by themselves (a toast).
   */
  async scan(page: Page, label: string, { prepare, widths }: { prepare?: () => Promise<void>; widths?: readonly number[] } = {}) {
    // transitions would let axe read a colour half-way between two themes
    await stillPage(page);
    for (const theme of themes) {
      await page.evaluate(
        ([key, value]) => {
          document.documentElement.classList.toggle('dark', value === 'dark');
          localStorage.setItem(key, value);
        },
        [themeStorageKey, theme] as const,
      );
      for (const viewport of viewports.filter(({ width }) => !widths || widths.includes(width))) {
        await page.setViewportSize(viewport);
        await prepare?.();
        // React has answered the theme and the layout the new width
        await afterTwoFrames(page);
        const { violations, incomplete } = await runAxe(page);
        this.count += 1;
        this.needsReview += incomplete.reduce((sum, result) => sum + result.nodes.length, 0);
        const variant = `${theme} ${viewport.width}px`;
        for (const violation of violations)
          this.findings.push({
            page: label,
            variant,
            rule: violation.id,
            impact: violation.impact ?? 'unknown',
            help: violation.help,
            targets: violation.nodes.map((node) => node.target.join(' ')),
          });
      }
    }
  }

  /** Prints the totals and fails with a readable list: rule, impact, where, which elements. */
  report() {
    const nodes = this.findings.reduce((sum, finding) => sum + finding.targets.length, 0);
    console.log(
      `axe ${this.name}: ${this.count} scans, ${this.findings.length} violations (${nodes} elements), ${this.needsReview} elements for manual review`,
    );
    const text = this.findings
      .map(
        (f) =>
          `- [${f.impact}] ${f.rule} on ${f.page} (${f.variant}): ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}${f.targets.length > 8 ? `\n    … ${f.targets.length - 8} more` : ''}`,
      )
      .join('\n');
    if (text) console.log(text);
    expect(this.findings.length, `axe violations in ${this.name}:\n${text}`).toBe(0);
  }
}

/** The language as a returning visitor has it: the cookie (server-rendered pages) and the saved choice. */
async function speak(page: Page, language: Language) {
  await page.context().addCookies([{ name: languageCookie, value: language, url: process.env.E2E_BASE_URL! }]);
  await page.context().addInitScript(([key, value]) => localStorage.setItem(key, value), [languageStorageKey, language] as const);
}

/** Opens a page and waits until it has its heading and its data. */
async function open(page: Page, path: string, language: Language) {
  await page.goto(localizedPath(path, language));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const next = (page: Page) => page.getByRole('button', { name: /^(Next|Siguiente)$/ });
const position = (page: Page) => page.getByTestId('wizard-position');

/** A paid order through the built-in test provider, by API; returns the success page's path. */
async function payThroughApi(page: Page, orderId: string): Promise<string> {
  const checkout = await page.request.post(`/api/orders/${orderId}/checkout`, { data: checkoutConsent });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get('session')!;
  const paid = await page.request.post('/api/test-payments/checkout/pay', { form: { session }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const location = new URL(paid.headers().location!);
  return location.pathname + location.search;
}

/** Every page a visitor can open, in two groups so that no test runs too long. */
const publicPaths = {
  'content pages': ['/', '/v2', '/terms', '/privacy', '/refund', '/state-costs', '/states/wyoming', '/state-quiz', '/no-such-page'],
  'partner pages': ['/jv-sales', '/jv-page', '/jv-support', '/jv-presale', '/jv-partner', '/affiliate-partner'],
};

// the scanner itself: were it to stop running, every journey below would pass on nothing
test('the scanner finds what WCAG forbids: an unnamed button, grey on white, an image without text', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>Probe</title><main><h1>Probe</h1><button></button><p style="color:#bbb;background:#fff">Faint text</p><img src="data:," ></main></html>',
    { waitUntil: 'load' },
  );
  const { violations } = await runAxe(page);
  expect(violations.map((violation) => violation.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  // and a region of the page only: the contrast failure outside it is not reported
  const inside = await runAxe(page, { include: 'button' });
  expect(inside.violations.map((violation) => violation.id)).toEqual(['button-name']);
});

for (const language of languages) {
  test.describe(`accessibility (axe) in ${language === 'en' ? 'English' : 'Spanish'}`, () => {
    for (const [group, paths] of Object.entries(publicPaths))
      test(`public ${group}`, async ({ page }) => {
        test.setTimeout(240_000);
        // a visitor's session check answers 401, which Chromium reports on the console; the unknown page is a 404
        test
          .info()
          .annotations.push({ type: 'allow-console-error', description: 'status of 401' }, { type: 'allow-console-error', description: 'status of 404' });
        await speak(page, language);
        const scans = new Scans(`${language} public ${group}`);
        for (const path of paths) {
          await open(page, path, language);
          await scans.scan(page, path);
        }
        scans.report();
      });

    test('sign-up, login (also after a failed sign-in), password reset', async ({ page }) => {
      test.setTimeout(240_000);
      test.info().annotations.push({ type: 'allow-console-error', description: 'status of 401' });
      await speak(page, language);
      const scans = new Scans(`${language} auth pages`);
      for (const path of ['/signup', '/login', '/forgot-password', '/reset-password', '/reset-password?token=not-a-real-token']) {
        await open(page, path, language);
        await scans.scan(page, path);
      }

      // the sign-up form's messages, and the phone menu open
      await open(page, '/signup', language);
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      await scans.scan(page, '/signup with its messages');
      await page.setViewportSize(viewports[1]);
      await page.locator('[aria-controls=mobile-menu]').click();
      await expect(page.locator('#mobile-menu')).toBeVisible();
      await scans.scan(page, '/signup, the phone menu open', { widths: [390] });

      // a failed sign-in: its message stays up (hovered) while each variant is scanned
      await open(page, '/login', language);
      await page.locator('input[type=email]').fill(uniqueEmail('nobody'));
      await page.locator('input[type=password]').fill('not the password at all');
      const toast = page.locator('[data-sonner-toast]').first();
      const failedSignIn = async () => {
        if (!(await toast.isVisible())) await page.locator('form button[type=submit]').click();
        await toast.hover();
      };
      await failedSignIn();
      await scans.scan(page, '/login after a failed sign-in', { prepare: failedSignIn });

      // the forgotten-password form after sending: the "link sent" screen
      await open(page, '/forgot-password', language);
      await page.locator('input[type=email]').fill(uniqueEmail('nobody'));
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('input[type=email]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await scans.scan(page, '/forgot-password, link sent');
      scans.report();
    });

    test('customer pages: dashboard with orders, confirmation, checkout, payment results', async ({ customerPage: page }) => {
      test.setTimeout(240_000);
      await speak(page, language);
      const pending = await createOrder(page.request);
      const paid = await createOrder(page.request, { companyName1: 'Pampa Goods LLC', companyName2: 'Pampa Labs LLC', companyName3: 'Pampa Holdings LLC' });
      const successPath = await payThroughApi(page, paid);
      const scans = new Scans(`${language} customer pages`);

      await open(page, '/dashboard', language);
      const card = page.locator('button[aria-expanded]').filter({ hasText: 'Andes Trading LLC' });
      await card.click();
      await expect(card).toHaveAttribute('aria-expanded', 'true');
      await page.waitForLoadState('networkidle');
      await scans.scan(page, '/dashboard (an order expanded)');
      // the question before an unpaid order is discarded, and the wizard fixing it
      await page.getByTestId('order-actions').getByRole('button').click();
      await expect(page.getByTestId('discard-dialog')).toBeVisible();
      await scans.scan(page, '/dashboard (discard dialog)');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('discard-dialog')).toHaveCount(0);
      await open(page, `/order?edit=${pending}`, language);
      await page.getByTestId('step-tab-verification').click();
      await expect(page.getByTestId('upload-passport')).toBeVisible();
      await scans.scan(page, '/order?edit=… (identity step, passport on file)');

      for (const path of [
        `/order/confirm?orderId=${pending}`,
        `/checkout?orderId=${pending}`,
        `/checkout?orderId=${paid}`,
        successPath,
        '/payment-success?session_id=cs_test_unknown',
        `/payment-cancelled?order_id=${pending}`,
      ]) {
        await open(page, path, language);
        await scans.scan(page, path.replace(/[0-9a-f-]{36}|cs_test_\w+/g, '…'));
      }
      scans.report();
    });

    test('the order wizard, each of its four steps', async ({ customerPage: page }) => {
      test.setTimeout(240_000);
      await speak(page, language);
      const scans = new Scans(`${language} order wizard`);
      await open(page, '/order', language);
      await expect(position(page)).toHaveText(/1/);
      await scans.scan(page, '/order step 1');
      // a required name left empty: its message under the field
      await page.locator('[name=companyName1]').focus();
      await page.locator('[name=companyName2]').focus();
      await expect(page.locator('[name=companyName1][aria-invalid=true]')).toBeVisible();
      await scans.scan(page, '/order step 1 with a message');

      for (const [i, name] of ['Andes Comercio LLC', 'Andes Labs LLC', 'Andes Holdings LLC'].entries())
        await page.locator(`[name=companyName${i + 1}]`).fill(name);
      await next(page).click();
      await expect(position(page)).toHaveText(/2/);
      await scans.scan(page, '/order step 2');

      await next(page).click();
      await expect(position(page)).toHaveText(/3/);
      await scans.scan(page, '/order step 3');

      for (const [field, value] of [
        ['addressLine1', 'Av. Reforma 1'],
        ['addressCity', 'Ciudad de México'],
        ['addressState', 'CDMX'],
        ['addressZip', '06600'],
      ] as const)
        await page.locator(`[name=${field}]`).fill(value);
      await chooseCountry(page.locator('[name=addressCountry]'), 'mex', /^M[eé]xico$/);
      await next(page).click();
      await expect(position(page)).toHaveText(/4/);
      await scans.scan(page, '/order step 4');

      // the passport missing: its message; then chosen, and the partner form open with its messages
      await chooseCountry(page.locator('[name=nationality]'), 'mex', /^M[eé]xico$/);
      await page.getByRole('button', { name: /^(Submit order|Enviar pedido)$/ }).click();
      await expect(page.locator('input[name=passport][aria-invalid=true]')).toBeAttached();
      await scans.scan(page, '/order step 4, the passport missing');
      await page.locator('input[type=file][name=passport]').setInputFiles({ name: 'pasaporte.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expect(page.getByTestId('upload-passport')).toContainText('pasaporte.pdf');
      await page.locator('section[aria-labelledby=partner-title] button').first().click();
      await page
        .getByTestId('partner-form')
        .getByRole('button', { name: /^(Save Partner|Guardar socio)$/ })
        .click();
      await expect(page.getByTestId('partner-form').locator('[aria-invalid=true]').first()).toBeVisible();
      await scans.scan(page, '/order step 4, passport chosen, partner form with messages');
      scans.report();
    });

    test('the Security page: the second factor off, each enrolment step, on (turning it off), the sessions', async ({
      customerPage: page,
      customer,
      request,
    }) => {
      test.setTimeout(240_000);
      // signed in elsewhere too: that session's row has its sign-out button
      await signInThroughApi(request, customer);
      await speak(page, language);
      const scans = new Scans(`${language} security page`);
      await open(page, '/dashboard/security', language);
      await expect(page.getByTestId('own-session')).toHaveCount(2);
      await scans.scan(page, '/dashboard/security');

      // the enrolment in place: the password, the QR code and its key, the recovery codes
      await page.getByRole('button', { name: /^(Set up authenticator app|Configurar aplicación de autenticación)$/ }).click();
      const enrolment = page.getByTestId('two-factor-enrolment');
      await enrolment.locator('form button[type=submit]').click();
      await expect(enrolment.locator('[aria-invalid=true]')).toBeVisible();
      await scans.scan(page, '/dashboard/security, enrolment: the password missing');
      await enrolment.locator('input[type=password]').fill(customer.password);
      await enrolment.locator('form button[type=submit]').click();
      await expect(page.getByTestId('totp-secret')).toBeVisible();
      await scans.scan(page, '/dashboard/security, enrolment: the QR code');
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      await enrolment.locator('input[autocomplete=one-time-code]').fill(await freshTotpCode(secret));
      await enrolment.locator('form button[type=submit]').click();
      await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
      await scans.scan(page, '/dashboard/security, enrolment: the recovery codes');

      // on: the badge, and the form that turns it off (with a message under an empty code); loaded
      // again, so the toast that said it is on covers nothing axe should read
      await page.getByRole('button', { name: /^(I saved my codes|Ya guardé mis códigos)$/ }).click();
      await expect(page.getByRole('button', { name: /^(Turn off|Desactivar)$/ })).toBeVisible();
      await open(page, '/dashboard/security', language);
      await page.getByRole('button', { name: /^(Turn off|Desactivar)$/ }).click();
      await page.locator('form[aria-labelledby=factor-form-title] button[type=submit]').click();
      await expect(page.locator('form[aria-labelledby=factor-form-title] [aria-invalid=true]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scans.scan(page, '/dashboard/security, second factor on, turning it off');
      scans.report();
    });

    test('the login code step, and a wrong code', async ({ page, request }) => {
      test.setTimeout(240_000);
      test.info().annotations.push({ type: 'allow-console-error', description: 'status of 401' });
      // an account with a second factor, made through the API in a context of its own
      const account = await signUpThroughApi(request);
      const setup = await request.post('/api/me/two-factor/enable', { data: { password: account.password } });
      expect(setup.status(), await setup.text()).toBe(200);
      const { secret } = (await setup.json()) as { secret: string };
      const confirmed = await request.post('/api/me/two-factor/confirm', { data: { code: await freshTotpCode(secret) } });
      expect(confirmed.status(), await confirmed.text()).toBe(200);

      await speak(page, language);
      const scans = new Scans(`${language} login code step`);
      await open(page, '/login', language);
      await page.locator('input[type=email]').fill(account.email);
      await page.locator('input[type=password]').fill(account.password);
      await page.locator('form button[type=submit]').click();
      const code = page.locator('input[autocomplete=one-time-code]');
      await expect(code).toBeFocused();
      await page.waitForLoadState('networkidle');
      await scans.scan(page, '/login, the code step');

      await code.fill(wrongTotpCode(secret));
      await page.locator('form button[type=submit]').click();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await scans.scan(page, '/login, the code step with a wrong code');
      scans.report();
    });

    test('the enrolment screen an administrator without a second factor meets', async ({ customerPage: page, adminPage: admin }) => {
      test.setTimeout(240_000);
      // a colleague makes the customer an administrator: no second factor yet
      const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
      const promoted = await admin.request.patch(`/api/admin/users/${me.user.id}/role`, { data: { isAdmin: true } });
      expect(promoted.status()).toBe(200);
      await speak(page, language);
      const scans = new Scans(`${language} admin enrolment screen`);
      // without the one-time link, then through it
      await open(page, '/admin/orders', language);
      await expect(page.getByTestId('enrolment-link-required')).toBeVisible();
      await scans.scan(page, '/admin/orders (enrolment screen, no link)');
      const link = new URL(((await promoted.json()) as { enrolmentLink: { url: string } }).enrolmentLink.url);
      await open(page, `/admin${link.hash}`, language);
      await expect(page.getByTestId('two-factor-enrolment')).toBeVisible();
      await scans.scan(page, '/admin/orders (enrolment screen)');
      scans.report();
    });

    test('admin pages: the queue, orders, an order, tickets, users, integrations', async ({ customerPage: customerSide, adminPage: page }) => {
      test.setTimeout(240_000);
      const orderId = await createOrder(customerSide.request);
      await speak(page, language);
      const scans = new Scans(`${language} admin pages`);
      for (const path of ['/admin', '/admin/orders', `/admin/orders/${orderId}`, '/admin/tickets', '/admin/users', '/admin/integrations']) {
        await open(page, path, language);
        await scans.scan(page, path.replace(/[0-9a-f-]{36}/, ':id'));
      }
      await page.setViewportSize(viewports[1]);
      await page.locator('[aria-controls=admin-menu]').click();
      await expect(page.locator('#admin-menu')).toBeVisible();
      await scans.scan(page, '/admin/integrations, the phone menu open', { widths: [390] });
      scans.report();
    });
  });
}
