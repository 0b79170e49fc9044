import type { Browser, Locator, Page } from '@playwright/test';
import { clientPaths } from '../src/shared/routes';
import { expect, test } from './support/fixtures';
import { password } from './support/accounts';
import { chooseCountry, createOrder, validOrder } from './support/orders';
import { localizedPath } from '../src/shared/locale-paths';

/*
 * Reflow (WCAG 1.4.10) and the upload step on phones: no page scrolls sideways at
 * 320 px, at 390 px, or at 1280 px with the root font size at 200 %; in Spanish (the longer
 * language) with long values: a 38-character email and a long file name on step 4.
 */

interface Viewport {
  name: string;
  width: number;
  /** html { font-size }: "200 % text", "400 % text" */
  largeText: false | '200%' | '400%';
}
const viewports: Viewport[] = [
  { name: '320 px', width: 320, largeText: false },
  { name: '390 px', width: 390, largeText: false },
  // a laptop, in Spanish: the admin header's longer links once ran off it
  { name: '1280 px', width: 1280, largeText: false },
  { name: '1280 px at 200 % text', width: 1280, largeText: '200%' },
  // 1280 px at 400 % text is a 320 px phone in rem: the header's menu, one column
  { name: '1280 px at 400 % text', width: 1280, largeText: '400%' },
];

/** Every path of the router (src/client/app/router.tsx lists the same names) must be visited below. */
type PageName = keyof typeof clientPaths;
const publicPages: PageName[] = [
  'home',
  'login',
  'signup',
  'forgotPassword',
  'resetPassword',
  'sign',
  'stateQuiz',
  'terms',
  'privacy',
  'refund',
  'stateCosts',
  'stateGuide',
  'jvSales',
  'jvPage',
  'jvSupport',
  'jvPresale',
  'jvPartner',
  'affiliatePartner',
  'v2',
];
const customerPages: PageName[] = ['dashboard', 'security', 'order', 'orderConfirm', 'checkout', 'paymentSuccess', 'paymentCancelled'];
const adminPages: PageName[] = [
  'adminQueue',
  'adminOrders',
  'adminOrder',
  'adminTickets',
  'adminTicket',
  'adminUsers',
  'adminActivity',
  'adminIntegrations',
  'adminCompliance',
];

test('the reflow check visits every route of the router', () => {
  expect([...publicPages, ...customerPages, ...adminPages].sort()).toEqual(Object.keys(clientPaths).sort());
});

const longFileName = 'WhatsApp Image 2024-05-12 at 12.34.56 PM.jpeg';
/** 38 characters: longer than a phone's line (the dashboard broke from 33). */
const longEmail = () => `maria.fernanda.${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}@ejemplo.com.mx`;
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e60000000049454e44ae426082',
  'hex',
);

async function setLargeText(page: Page, size: Viewport['largeText']) {
  await page.evaluate((value) => document.documentElement.style.setProperty('font-size', value || ''), size);
}

/**
 * How far the page scrolls sideways, and (to make a failure readable) the outermost elements
 * that stick out to the right of the viewport.
 */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth + 1;
    const describe = (element: Element) => {
      const test = element.getAttribute('data-testid');
      const classes = typeof element.className === 'string' ? `.${element.className.split(/\s+/).slice(0, 4).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${test ? `[data-testid=${test}]` : ''}${classes} right=${Math.round(element.getBoundingClientRect().right)} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    // the innermost elements that stick out: their children, if any, stay inside
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > limit;
    const sticking = [document.body, ...document.body.querySelectorAll('*')].filter((element) => sticksOut(element) && ![...element.children].some(sticksOut));
    // text that runs out of its box (a word too long to wrap) sticks out while its element does not
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().right > limit && node.parentElement && !sticking.includes(node.parentElement)) sticking.push(node.parentElement);
    }
    return { overflow: root.scrollWidth - root.clientWidth, sticking: sticking.slice(0, 5).map(describe) };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { overflow, sticking } = await sidewaysScroll(page);
  expect.soft(overflow, `${where} scrolls sideways by ${overflow}px; sticking out: ${sticking.join(' | ')}`).toBeLessThanOrEqual(0);
}

/** A fresh context per viewport in Spanish; the page and context are reused for all its routes. */
async function spanishPage(browser: Browser, baseURL: string | undefined, width: number, errors: string[]) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'es-MX' });
  await context.addInitScript(() => localStorage.setItem('language', 'es'));
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return page;
}

/** Opens a path and waits for its heading (and whatever `ready` names) before measuring. */
async function visit(page: Page, path: string, viewport: Viewport, ready?: (page: Page) => Locator) {
  await page.goto(localizedPath(path, 'es'));
  await expect(page.locator('h1').first()).toBeVisible();
  if (ready) await expect(ready(page).first()).toBeVisible();
  await setLargeText(page, viewport.largeText);
  await expectNoSidewaysScroll(page, `${path} at ${viewport.name}`);
  // a countdown's labels stay inside their tiles (at large text they overlapped the next one)
  const spilling = await page
    .locator('[data-testid=countdown] li')
    .evaluateAll((tiles) => tiles.filter((tile) => tile.scrollWidth > tile.clientWidth + 1).map((tile) => tile.textContent));
  expect.soft(spilling, `${path} at ${viewport.name}: countdown labels run out of their tiles`).toEqual([]);
}

/** How far the header's links and buttons reach past its content box (the row at max-w-7xl). */
function headerRowOverflow(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('header > div')!;
    const contentRight = row.getBoundingClientRect().right - parseFloat(getComputedStyle(row).paddingRight);
    const rights = [...row.querySelectorAll(':is(a, button)')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => element.getBoundingClientRect().right);
    return Math.round(Math.max(...rights) - contentRight);
  });
}

/** The Remove button is on screen and nothing (the package panel, the header) lies over it. */
async function expectUncovered(page: Page, button: Locator, where: string) {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box, where).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect.soft(box!.x, `${where}: Remove starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box!.x + box!.width, `${where}: Remove ends right of the screen`).toBeLessThanOrEqual(viewport.width);
  const onTop = await button.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect.soft(onTop, `${where}: something covers Remove`).toBe(true);
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.name}`, () => {
    test('public pages do not scroll sideways', async ({ browser, baseURL, consoleErrors }) => {
      test.slow();
      const page = await spanishPage(browser, baseURL, viewport.width, consoleErrors);
      // a guide with the longest state name, which also shows the "not in our data" facts
      const paths: Partial<Record<PageName, string>> = { resetPassword: `${clientPaths.resetPassword}?token=abc`, stateGuide: '/states/district-of-columbia' };
      for (const name of publicPages) await visit(page, paths[name] ?? clientPaths[name], viewport);
      await visit(page, '/no-such-page', viewport);
      // at 400 % text the header switches to its menu, on the root font size
      if (viewport.largeText === '400%') {
        await expect(page.locator('[aria-controls=mobile-menu]')).toBeVisible();
        await page.locator('[aria-controls=mobile-menu]').click();
        await expect(page.locator('#mobile-menu')).toBeVisible();
        await expectNoSidewaysScroll(page, `the menu at ${viewport.name}`);
      }
      await page.context().close();
    });

    test('the admin pages do not scroll sideways', async ({ adminPage, consoleErrors: _ }) => {
      test.slow();
      const orderId = await createOrder(adminPage.request, { email: longEmail() });
      const ticket = await adminPage.request.post('/api/support-tickets', {
        data: { name: 'María Fernanda Castillo', email: longEmail(), support_message: 'Mi EIN todavía no llega.', language: 'es' },
      });
      expect(ticket.status(), await ticket.text()).toBe(201);
      const ticketId = ((await ticket.json()) as { ticket: { id: string } }).ticket.id;
      await adminPage.setViewportSize({ width: viewport.width, height: 800 });
      await adminPage.context().addInitScript(() => localStorage.setItem('language', 'es'));
      // what a page shows once its data is in (measured before that, a page is only its skeleton)
      const readyOf: Partial<Record<PageName, (page: Page) => Locator>> = {
        adminQueue: (page) => page.getByTestId('queue-reviews').getByRole('heading', { level: 2 }),
        adminOrders: (page) => page.locator(`a[href="/es/admin/orders/${orderId}"]`).filter({ visible: true }),
      };
      for (const name of adminPages) {
        const path = name === 'adminOrder' ? `/admin/orders/${orderId}` : name === 'adminTicket' ? `/admin/tickets/${ticketId}` : clientPaths[name];
        await visit(adminPage, path, viewport, readyOf[name]);
      }
      await expect(adminPage.getByTestId('language-switch').filter({ visible: true })).toBeInViewport({ ratio: 1 });
      if (!viewport.largeText && viewport.width >= 1280) {
        // a laptop keeps the row of links, inside the header's content box at any wider screen too
        // (with icons the Spanish row ran 36 px past it)
        await expect(adminPage.getByRole('navigation', { name: 'Administración' })).toBeVisible();
        for (const width of [viewport.width, 1440, 1920]) {
          await adminPage.setViewportSize({ width, height: 800 });
          expect.soft(await headerRowOverflow(adminPage), `the admin header row at ${width} px`).toBeLessThanOrEqual(0);
        }
        return;
      }
      // narrow or at large text the header keeps the language switch and puts the rest in the menu: all on screen
      await adminPage.locator('[aria-controls=admin-menu]').click();
      // a menu taller than the screen scrolls inside the sticky header: its last item can be reached
      await adminPage.locator('#admin-menu button').last().scrollIntoViewIfNeeded();
      await expect(adminPage.locator('#admin-menu button').last()).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(adminPage, `the admin menu at ${viewport.name}`);
    });
  });
}

test.describe('with a 38-character email and an order', () => {
  test.beforeEach(() => {
    expect(longEmail()).toHaveLength(38);
  });

  test('the customer pages, and step 4 with a long file name, do not scroll sideways', async ({ browser, baseURL, consoleErrors }) => {
    test.slow();
    const page = await spanishPage(browser, baseURL, 1280, consoleErrors);
    const email = longEmail();
    const signUp = await page.request.post('/api/auth/sign-up', { data: { name: 'María Fernanda Castillo', email, password } });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const orderId = await createOrder(page.request, { email });
    const paths: Partial<Record<PageName, string>> = {
      orderConfirm: `${clientPaths.orderConfirm}?orderId=${orderId}`,
      checkout: `${clientPaths.checkout}?orderId=${orderId}`,
      paymentSuccess: `${clientPaths.paymentSuccess}?session_id=cs_test_unknown`,
      paymentCancelled: `${clientPaths.paymentCancelled}?order_id=${orderId}`,
    };

    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: 800 });
      for (const name of customerPages) {
        const loaded = { dashboard: (p: Page) => p.getByTestId('order-card'), security: (p: Page) => p.getByTestId('own-sessions') }[
          name as 'dashboard' | 'security'
        ];
        await visit(page, paths[name] ?? clientPaths[name], viewport, loaded);
        if (name === 'dashboard') {
          // the email is on screen whole (wrapped), not cut off with an ellipsis
          const shown = page.getByText(email, { exact: true });
          await expect(shown.first()).toBeVisible();
          const clipped = await shown.evaluateAll((elements) => elements.filter((element) => element.scrollWidth > element.clientWidth).length);
          expect.soft(clipped, `the email is cut off on the dashboard at ${viewport.name}`).toBe(0);
          // an open order card shows the long email among its details
          await page.getByTestId('order-card').first().getByRole('button').first().click();
          await expectNoSidewaysScroll(page, `the dashboard with an open order at ${viewport.name}`);
        }
      }
    }

    // step 4, filled once at 1280 px, then looked at in every viewport
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(localizedPath(clientPaths.order, 'es'));
    const wizard = page.getByTestId('order-wizard');
    const next = wizard.locator('button[type=submit]');
    const position = page.getByTestId('wizard-position');
    const order = validOrder({ email });
    for (const field of ['companyName1', 'companyName2', 'companyName3'] as const) await wizard.locator(`[name=${field}]`).fill(order[field]);
    await next.click();
    await expect(position).toContainText('2');
    await next.click();
    await expect(position).toContainText('3');
    for (const field of ['addressLine1', 'addressCity', 'addressState', 'addressZip'] as const) await wizard.locator(`[name=${field}]`).fill(order[field]);
    await chooseCountry(wizard.locator('[name=addressCountry]'), 'per', /^Per[uú]$/);
    await next.click();
    await expect(position).toContainText('4');
    await chooseCountry(wizard.locator('[name=nationality]'), 'per', /^Per[uú]$/);
    await wizard.locator('input[name=passport]').setInputFiles({ name: longFileName, mimeType: 'image/jpeg', buffer: png });
    const upload = page.getByTestId('upload-passport');
    const remove = upload.locator('button');
    // the whole name stays available to assistive technology
    await expect(remove).toHaveAccessibleName(new RegExp(longFileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: 800 });
      await setLargeText(page, viewport.largeText);
      await expectNoSidewaysScroll(page, `step 4 with a long file name at ${viewport.name}`);
      // the upload box stays inside the wizard card
      const [card, box] = await Promise.all([wizard.boundingBox(), upload.boundingBox()]);
      expect.soft(box!.x + box!.width, `step 4 at ${viewport.name}: the upload sticks out of the wizard card`).toBeLessThanOrEqual(card!.x + card!.width);
      await expectUncovered(page, remove, `step 4 at ${viewport.name}`);
    }
    await page.context().close();
  });
});
