import { expect, test } from './support/fixtures';
import { logOutThroughUi, outboxMessagesTo, password, signInThroughUi, signUpThroughApi, signUpThroughUi, uniqueEmail } from './support/accounts';

test.describe('accounts', () => {
  test('sign up lands on the dashboard welcoming a newcomer by first name; logout goes home and ends the session', async ({ page }) => {
    await signUpThroughUi(page, 'Valentina Ríos');
    await expect(page.getByRole('heading', { name: 'Welcome, Valentina!' })).toBeVisible();
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Create LLC' })).toHaveAttribute('href', '/order');

    await logOutThroughUi(page);
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });

  test('a visitor opening /order lands on /login and returns to /order after signing in', async ({ page, request }) => {
    // an account this browser is not signed in to
    const { email } = await signUpThroughApi(request);

    await page.goto('/order?state=DE');
    // redirected by the server, before any page paints, with the way back
    await expect(page).toHaveURL(/\/login\?next=%2Forder%3Fstate%3DDE$/);
    await signInThroughUi(page, email, password);
    await expect(page).toHaveURL(/\/order\?state=DE$/);
  });

  test('an administrator made with the command lands on /admin/orders; a customer cannot open it', async ({ page }) => {
    await page.goto('/login');
    await signInThroughUi(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!, process.env.E2E_ADMIN_TOTP_SECRET!);
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await logOutThroughUi(page);

    await signUpThroughApi(page.request);
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the forms show the spec messages in English', async ({ page }) => {
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 401' });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel(/^Password/).fill('password123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('This password is too common')).toBeVisible();

    await page.goto('/login');
    await signInThroughUi(page, uniqueEmail('nobody'), 'wrong password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first()).toBeVisible();
    await expect(page.getByText('Login Failed')).toBeVisible();
  });

  test('the forms show the spec messages in Spanish, and a taken email says so', async ({ page, request }) => {
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 409' });
    const { email } = await signUpThroughApi(request);
    await page.goto('/');
    await page.getByTestId('language-switch').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // the switch moved to the Spanish URL; its pages keep the language
    await expect(page).toHaveURL(/\/es\/$/);
    await page.goto('/es/signup');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
    await expect(page.getByText('El correo electrónico es obligatorio')).toBeVisible();
    await page.getByLabel('Nombre completo').fill('Otra Persona');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Ya existe una cuenta con este correo electrónico' }).first()).toBeVisible();
    await expect(page.getByText('Error en el registro')).toBeVisible();
  });

  test('forgot password: the emailed link sets a new password once', async ({ page, request }) => {
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 400' });
    const { email } = await signUpThroughApi(request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // the login form also has an Email field: wait until the reset page has replaced it
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();

    let link = '';
    await expect
      .poll(() => {
        const message = outboxMessagesTo(email).find((text) => text.includes('reset-password?token='));
        link = /(http:\/\/\S+reset-password\?token=[^\s"<]+)/.exec(message ?? '')?.[1] ?? '';
        return link;
      })
      .not.toBe('');
    const resetPath = new URL(link).pathname + new URL(link).search;
    await page.goto(resetPath);
    await page.getByLabel('New password').fill('my new sturdy passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughUi(page, email, 'my new sturdy passphrase');
    await expect(page).toHaveURL(/\/dashboard$/);

    await logOutThroughUi(page);
    await page.goto(resetPath);
    await page.getByLabel('New password').fill('another sturdy passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
  });
});
