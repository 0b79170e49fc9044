import type { APIRequestContext, Page } from '@playwright/test';
import type { TOrderInput } from '@shared/orders';
import { validOrder } from '../../src/server/test/orders';
import { expect } from '../fixtures';

export { validOrder };

/** The smallest file the server accepts as a PDF (checked by content). */
export const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

/**
 * Creates an order as the signed-in user (the request carries the session cookie), with a
 * passport, as the wizard would send it; returns its id.
 */
export async function createOrder(request: APIRequestContext, overrides: Partial<TOrderInput> = {}, origin = ''): Promise<string> {
  const response = await request.post(`${origin}/api/orders`, {
    multipart: { order: JSON.stringify(validOrder(overrides)), passport: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

/** The dashboard's four tiles: total, pending, processing, completed. */
export const dashboardTiles = (page: Page) =>
  Promise.all(['total', 'pending', 'processing', 'completed'].map((name) => page.getByTestId(`stat-${name}`).textContent()));
