import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { orders, services } from '@server/db/schema';
import { decodeTestSession } from '@server/platform/payments/test-provider';
import { buildTestApp, signUp, tempDataDir } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { checkoutConsent } from '@server/test/payments';
import { submitOrder } from '@server/test/orders';
import { AdminCommandError } from './admin-accounts';
import { parsePriceCents, setStandardPrice } from './price';

/** A build whose server bundle is the real renderer (src/client/entry-server.tsx), as `npm run build` makes. */
function realBuild(): string {
  const dist = tempDataDir();
  fs.mkdirSync(path.join(dist, 'client'));
  fs.mkdirSync(path.join(dist, 'ssr'));
  fs.writeFileSync(
    path.join(dist, 'client', 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="Shell"><title>Shell</title><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), `export { renderPage } from ${JSON.stringify(path.resolve('src/client/entry-server.tsx'))};`);
  return path.join(dist, 'client');
}

describe('parsePriceCents (npm run admin -- set-price)', () => {
  it('takes a whole number of cents', () => {
    expect(parsePriceCents('39900')).toBe(39900);
    expect(parsePriceCents(' 45000 ')).toBe(45000);
  });

  it.each([
    ['abc', /Not a price in cents: abc — give the price in cents, a whole number: 39900 for \$399/],
    ['39.9', /Not a price in cents: 39\.9/],
    ['-5', /Not a price in cents: -5/],
    ['', /Not a price in cents/],
    ['0', /between 50 and 1000000 cents \(\$0\.50 to \$10,000\); got 0/],
    ['49', /between 50 and 1000000 cents/],
    ['1000001', /between 50 and 1000000 cents/],
    ['99999999999999999999', /between 50 and 1000000 cents/],
  ])('refuses %j with a message', (raw, message) => {
    expect(() => parsePriceCents(raw)).toThrow(AdminCommandError);
    expect(() => parsePriceCents(raw)).toThrow(message);
  });
});

describe.each(testDatabases)('set-price on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database, {}, realBuild()));
  });
  afterAll(async () => {
    await app?.close();
  });

  const home = (language: 'en' | 'es') => app.inject(language === 'es' ? '/es/' : '/');

  it('changes what a new order and its checkout charge, what the price lookup answers and what the pages show', async () => {
    // rendered (and kept) at the old price first: the new one must not be served from the cache
    expect((await home('en')).body).toContain('for one flat $399</h1>');

    expect(await setStandardPrice(database.db, 45000)).toEqual({ oldCents: 39900, newCents: 45000 });

    const customer = await signUp(app);
    const orderId = (await submitOrder(app, customer.cookie)).json().order.id as string;
    const [order] = await database.db.select({ amount: orders.orderAmount }).from(orders).where(eq(orders.id, orderId));
    expect(order?.amount).toBe(45000);
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/checkout`,
      headers: { cookie: customer.cookie },
      payload: checkoutConsent,
    });
    const session = decodeTestSession(app.services.testPaymentsSecret, new URL(checkout.json().url).searchParams.get('session')!);
    expect(session).toMatchObject({ orderId, amountCents: 45000 });

    expect((await app.inject('/api/services/standard-formation')).json().service.priceCents).toBe(45000);

    const [en, es] = [(await home('en')).body, (await home('es')).body];
    expect(en).toContain('<title>US LLC formation and EIN for a flat $450 | Frontera</title>');
    expect(en).toContain('for one flat $450</h1>');
    expect(es).toContain('Su LLC y su EIN en EE.\u00a0UU., listos por US$450 fijos</h1>');
    for (const page of [en, es]) {
      expect(page).not.toContain('$399');
      // the browser takes the page over with the price it was rendered with (no flash, no mismatch)
      expect(page).toContain('&quot;priceCents&quot;:45000');
    }
    // pages the browser renders get the price in their public config too
    expect((await app.inject('/reset-password')).body).toContain('&quot;priceCents&quot;:45000');
  });

  it('says so when the standard package is missing, and creates none', async () => {
    await database.db.delete(services);
    await expect(setStandardPrice(database.db, 45000)).rejects.toThrow(/There is no standard-formation service: start the app once/);
    expect(await database.db.select().from(services)).toEqual([]);
  });
});
