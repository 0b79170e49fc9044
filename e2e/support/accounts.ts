import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { withFreshCode } from './codes';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const password = 'a sturdy test passphrase';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The administrator global-setup made with the admin command, and the secret of its second factor. */
export const administrator = () => ({
  email: process.env.E2E_ADMIN_EMAIL!,
  password: process.env.E2E_ADMIN_PASSWORD!,
  totpSecret: process.env.E2E_ADMIN_TOTP_SECRET!,
});

/**
 * Signs `context` in as that administrator with the session global-setup opened with the second
 * factor: a code works once (ADR 0027), so the journeys share one session rather than each
 * signing in with a code of its own. A journey that tests the sign-in itself uses signInThroughUi.
 */
export async function signInAsAdministrator(context: BrowserContext, baseURL: string) {
  const cookies = process.env
    .E2E_ADMIN_SESSION!.split('; ')
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: baseURL }));
  await context.addCookies(cookies);
}

/**
 * Creates a fresh account through the API. With a page's `request` the session cookie lands in
 * that page's context, so the page is signed in; with the `request` fixture only the account exists.
 */
export async function signUpThroughApi(request: APIRequestContext, name = 'Ana María Pérez'): Promise<Account> {
  const account = { name, email: uniqueEmail(), password };
  const response = await request.post('/api/auth/sign-up', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs in through the API (with the second factor's code when the account has one); with a page's `request`, that page is signed in. */
export async function signInThroughApi(
  request: APIRequestContext,
  { email, password: secret, totpSecret }: { email: string; password: string; totpSecret?: string },
) {
  const response = await request.post('/api/auth/sign-in', { data: { email, password: secret } });
  expect(response.status(), await response.text()).toBe(200);
  if (!('twoFactorRequired' in (await response.json()))) return;
  expect(totpSecret, `${email} has a second factor: give its secret`).toBeTruthy();
  const second = await withFreshCode(totpSecret!, (code) => request.post('/api/auth/two-factor', { data: { code } }));
  expect(second.status(), await second.text()).toBe(200);
}

/** Signs up through the form (English UI) and waits for the dashboard: for the journeys that test sign-up itself. */
export async function signUpThroughUi(page: Page, name = 'Ana María Pérez') {
  const email = uniqueEmail();
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, name };
}

/** Signs in through the form (English UI), then types the second factor's code when a `totpSecret` is given. */
export async function signInThroughUi(page: Page, email: string, secret: string, totpSecret?: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(secret);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (!totpSecret) return;
  await withFreshCode(totpSecret, async (code) => {
    await page.getByLabel(/^Authentication code/).fill(code);
    // the code is sent before another worker may send a later one
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/two-factor')),
      page.getByRole('button', { name: 'Verify' }).click(),
    ]);
  });
}

/** Logs out from the site or admin header and waits until the sign-out has landed on the home page. */
export async function logOutThroughUi(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Emails the app wrote to DATA_DIR/outbox (the default mail transport), oldest first. */
export function outboxMessagesTo(email: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .sort()
      // undo quoted-printable soft line breaks and '=' escapes, so links read whole
      .map((file) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\n/g, '').replace(/=3D/g, '='))
      .filter((text) => text.includes(`To: ${email}`))
  );
}

/** The token of the one-time enrolment link the admin command printed (its last line), or a users-page answer's link. */
export function enrolmentTokenIn(text: string): string {
  const match = /#enrolment=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no enrolment link in: ${text}`);
  return match[1]!;
}

/** Signs in, sets up an authenticator app with an administrator's one-time link and confirms it with its first code: the secret, for the journeys' codes. */
export async function enrollSecondFactor(
  url: string,
  { email, password, enrolmentToken }: { email: string; password: string; enrolmentToken: string },
): Promise<{ secret: string; cookie: string }> {
  const post = async (path: string, body: unknown, cookie = '') => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return {
      cookie:
        response.headers
          .getSetCookie()
          .map((value) => value.split(';')[0])
          .join('; ') || cookie,
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const { cookie } = await post('/api/auth/sign-in', { email, password });
  const setup = await post('/api/me/two-factor/enable', { password, enrolmentToken }, cookie);
  const secret = String(setup.body.secret);
  const confirmed = await withFreshCode(secret, (code) => post('/api/me/two-factor/confirm', { code, enrolmentToken }, cookie));
  // the session the enrolment opened, with the factor: the journeys' administrator pages share it
  return { secret, cookie: confirmed.cookie };
}
