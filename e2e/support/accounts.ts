import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const password = 'a sturdy test passphrase';

/** Signs up through the form (English UI) and waits for the dashboard. */
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

/** Signs in through the form (English UI). */
export async function signInThroughUi(page: Page, email: string, secret: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(secret);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs out from the site or admin header and waits until the sign-out has landed on the home page. */
export async function logOutThroughUi(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Emails the app wrote to DATA_DIR/outbox (the default mail transport), oldest first. */
export function outboxMessagesTo(email: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    // undo quoted-printable soft line breaks and '=' escapes, so links read whole
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\n/g, '').replace(/=3D/g, '='))
    .filter((text) => text.includes(`To: ${email}`));
}
