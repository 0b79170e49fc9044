import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { localizedPath } from '../src/shared/locale-paths';
import { adminOnlyPages, clientPaths, customerOnlyPages } from '../src/shared/routes';
import { signInAsAdministrator, signUpThroughApi } from './support/accounts';
import { afterTwoFrames, waitForSelectorQuickly } from './support/live';
import { createOrder } from './support/orders';
import { expect, test } from './support/fixtures';

/**
 * No route moves its content while it loads (cumulative layout shift 0), signed in or
 * not, in both languages. Every `layout-shift` entry without recent input is summed by an observer
 * the page registers before any of its scripts (buffered: the first paint counts too), and read
 * once the page is settled: live, the network quiet, one more frame drawn.
 */
type PageName = keyof typeof clientPaths;
/** Spanish pages are the same paths under /es (ADR 0016). */
type Language = 'en' | 'es';

const pages = Object.keys(clientPaths) as PageName[];
const publicPages = pages.filter((name) => !customerOnlyPages.has(name) && !adminOnlyPages.has(name));

declare global {
  interface Window {
    layoutShifts: { value: number; sources: string[] }[];
    layoutShiftObserver: PerformanceObserver;
  }
}

function observeLayoutShifts() {
  interface Shift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node | null }[];
  }
  const describe = (node?: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const text = (node.textContent ?? '').trim().slice(0, 40);
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 4).join('.')} "${text}"`;
  };
  window.layoutShifts = [];
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries as Shift[]) {
      if (!entry.hadRecentInput) window.layoutShifts.push({ value: entry.value, sources: entry.sources.map((source) => describe(source.node)) });
    }
  };
  window.layoutShiftObserver = new PerformanceObserver((list) => record(list.getEntries()));
  window.layoutShiftObserver.observe({ type: 'layout-shift', buffered: true });
  // read by the test: what the observer has not delivered yet is taken too
  Object.defineProperty(window, 'takeLayoutShifts', { value: () => (record(window.layoutShiftObserver.takeRecords()), window.layoutShifts) });
}

/**
 * Network idle without Playwright's fixed 500 ms of quiet: the requests the page has in flight are
 * counted, and it is settled when none is left after two more frames have been drawn.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let wake = () => {};
  const finished = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) wake();
  };
  // the signed-in pages' live stream (GET /api/events) stays open by design: it is never "in flight"
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return async function settled() {
    for (;;) {
      if (inFlight.size > 0) await new Promise<void>((resolve) => (wake = resolve));
      await afterTwoFrames(page);
      if (inFlight.size === 0) return;
    }
  };
}

/** Opens `path`, waits until it is live and quiet, and returns the layout shifts it had. */
async function shiftsOf(page: Page, settled: () => Promise<void>, path: string, language: Language) {
  await page.goto(path);
  // live, and in the language of its URL
  await waitForSelectorQuickly(page, `html[data-hydrated][lang="${language}"]`);
  await settled();
  return page.evaluate(() => (window as unknown as { takeLayoutShifts: () => Window['layoutShifts'] }).takeLayoutShifts());
}

/** Visits every path in one page and asserts each moved nothing, naming what moved where it did. */
async function expectNoShifts(page: Page, language: Language, pagePaths: string[]) {
  const paths = pagePaths.map((path) => localizedPath(path, language));
  const settled = trackRequests(page);
  const moved: Record<string, string[]> = {};
  for (const path of paths) {
    const shifts = await shiftsOf(page, settled, path, language);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    if (total > 0) moved[path] = [`CLS ${total.toFixed(4)}`, ...shifts.flatMap((shift) => shift.sources)];
  }
  expect(moved).toEqual({});
}

async function newContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(observeLayoutShifts);
  return context;
}

const openPage = async (context: BrowserContext, consoleErrors: string[]) => {
  const page = await context.newPage();
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) consoleErrors.push(`console.error: ${message.text()}`);
  });
  return page;
};

for (const language of ['en', 'es'] as const) {
  test.describe(`layout shift, ${language}`, () => {
    // in two halves, run side by side
    // a state guide stands for all of them
    const visitorPaths = [
      ...publicPages.map((name) => clientPaths[name].replace(':slug', 'wyoming')),
      '/no-such-page',
      clientPaths.order,
      clientPaths.dashboard,
    ];
    const half = Math.ceil(visitorPaths.length / 2);
    for (const [part, paths] of [visitorPaths.slice(0, half), visitorPaths.slice(half)].entries()) {
      test(`public pages for a visitor, the 404, and guarded pages sending them to sign in (${part + 1}/2)`, async ({ browser, baseURL, consoleErrors }) => {
        const context = await newContext(browser, baseURL!);
        const page = await openPage(context, consoleErrors);
        await expectNoShifts(page, language, paths);
        await context.close();
      });
    }

    test('customer pages and some public ones, signed in', async ({ browser, baseURL, consoleErrors }) => {
      const context = await newContext(browser, baseURL!);
      const page = await openPage(context, consoleErrors);
      await signUpThroughApi(page.request);
      // and a few public pages, prerendered for visitors: the header's links change once the session answers
      await expectNoShifts(page, language, [
        ...[...customerOnlyPages].map((name) => clientPaths[name]),
        clientPaths.home,
        clientPaths.stateQuiz,
        clientPaths.jvSupport,
      ]);
      await context.close();
    });

    test('admin pages, as an administrator', async ({ browser, baseURL, consoleErrors, request }) => {
      const customer = await newContext(browser, baseURL!);
      const { email } = await signUpThroughApi(customer.request);
      const orderId = await createOrder(customer.request);
      await customer.close();
      const ticket = await request.post('/api/support-tickets', {
        data: { name: 'Rosa Quispe', email: `cls-${Date.now()}@example.com`, support_message: 'Mi EIN todavía no llega.', language },
      });
      expect(ticket.status()).toBe(201);
      const ticketId = ((await ticket.json()) as { ticket: { id: string } }).ticket.id;

      const context = await newContext(browser, baseURL!);
      const page = await openPage(context, consoleErrors);
      await signInAsAdministrator(context, baseURL!);
      const ids: Record<string, string> = { [clientPaths.adminOrder]: orderId, [clientPaths.adminTicket]: ticketId };
      // The lists are live: an order another test creates meanwhile is a new first row, and moves
      // the others by design. Searching for this test's customer keeps what is measured the load.
      const only: Record<string, string> = { [clientPaths.adminOrders]: `?q=${encodeURIComponent(email)}` };
      const paths = [...adminOnlyPages]
        .map((name) => clientPaths[name])
        .map((path) => (path.includes(':id') ? path.replace(':id', ids[path]!) : path + (only[path] ?? '')));
      await expectNoShifts(page, language, paths);
      await context.close();
    });
  });
}

/**
 * On a slow CPU Chromium paints a page it has only partly parsed, and what is parsed next moves
 * it: an `order-last` form beside benefits not yet parsed (/affiliate-partner), a centred card
 * beside a list still arriving (/jv-sales). A prerendered page holds its first frame until the
 * whole markup is in (`<link rel=expect blocking=render>`). With the CPU slowed 6×, no frame may
 * be drawn while the template after the markup is missing, and nothing may move. Without the
 * link, 17 of 20 such loads drew a partial frame.
 */
test('a prerendered page draws no frame before its markup is complete, on a slow CPU', async ({ browser, baseURL, consoleErrors }) => {
  const context = await newContext(browser, baseURL!);
  await context.addInitScript(() => {
    const counter = window as unknown as { partialFrames: number };
    counter.partialFrames = 0;
    const frame = () => {
      if (document.readyState !== 'loading') return;
      if (!document.getElementById('deferred-app')) counter.partialFrames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const page = await openPage(context, consoleErrors);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const settled = trackRequests(page);
  const seen: Record<string, { partialFrames: number; shift: number }> = {};
  for (const path of ['/es/affiliate-partner', '/es/jv-sales', '/affiliate-partner', '/jv-sales', '/es', '/state-costs']) {
    const language = path.startsWith('/es') ? 'es' : 'en';
    const shifts = await shiftsOf(page, settled, path, language);
    const partialFrames = await page.evaluate(() => (window as unknown as { partialFrames: number }).partialFrames);
    seen[path] = { partialFrames, shift: shifts.reduce((sum, shift) => sum + shift.value, 0) };
  }
  expect(Object.entries(seen).filter(([, { partialFrames, shift }]) => partialFrames > 0 || shift > 0)).toEqual([]);
  await context.close();
});
