import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test, waitForLiveAfterGoto } from './support/fixtures';
import { createOrder } from './support/orders';

/*
 * What keyboard users and low-vision users see: a focus ring of 3:1 or more against
 * what it sits on (WCAG 1.4.11), form control borders of 3:1, an opaque sticky header that never
 * hides the focused control (2.4.11), and toast text of 4.5:1 (1.4.3), in light and dark theme.
 */

type Rgba = [number, number, number, number];

/** Runs in the page: the colour maths, so every check reads computed styles. */
function pageHelpers() {
  const parse = (colour: string): Rgba => {
    const match = colour.match(/rgba?\(([^)]+)\)/);
    if (!match) throw new Error(`unexpected colour ${colour}`);
    const [r, g, b, a = '1'] = match[1]!.split(/[\s,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const [R, G, B] = [r, g, b].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };
  /** The colour behind an element: the nearest ancestor with a background. */
  const backdrop = (element: Element): Rgba => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) return colour;
    }
    return [255, 255, 255, 1];
  };
  return { parse, contrast, backdrop };
}

/** Ring colour, style, width and its contrast against what is behind the element. */
async function focusRing(target: Locator) {
  await target.focus();
  return target.evaluate((element, helpers) => {
    const { parse, contrast, backdrop } = new Function(`return (${helpers})()`)() as ReturnType<typeof pageHelpers>;
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrast: Math.round(contrast(parse(style.outlineColor), backdrop(element)) * 100) / 100,
    };
  }, pageHelpers.toString());
}

async function themedPage(browser: Browser, baseURL: string | undefined, theme: 'light' | 'dark', errors: string[], viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, colorScheme: theme, viewport });
  // the colours are read once: a ring still fading in from the button's white text (transition-colors)
  // would be measured half-way (a CI flake), so every page of this context renders its final state
  await context.addInitScript(() => {
    // a constructed stylesheet: the CSP lets no inline <style> in (e2e/support/still.ts)
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; animation: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  // the sign-in form is prerendered: typed into and submitted before React took it over, the
  // browser submitted it natively and the page came back empty, without the toast (seen in CI)
  waitForLiveAfterGoto(page);
  return page;
}

for (const theme of ['light', 'dark'] as const) {
  test(`in ${theme} theme the focus ring, control borders, header and error toast have enough contrast`, async ({ browser, baseURL, consoleErrors }) => {
    const page = await themedPage(browser, baseURL, theme, consoleErrors);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    // keyboard use first, so programmatic focus shows the ring as a Tab would
    await page.keyboard.press('Tab');

    const form = page.locator('form').filter({ has: page.locator('input[type=password]') });
    const targets = {
      link: page.getByRole('contentinfo').getByRole('link').first(),
      button: form.locator('button[type=submit]'),
      input: form.locator('input[type=email]'),
    };
    for (const [kind, target] of Object.entries(targets)) {
      const ring = await focusRing(target);
      expect.soft(ring, `the focus ring of a ${kind}`).toMatchObject({ focusVisible: true, style: 'solid' });
      expect.soft(ring.width, `the focus ring width of a ${kind}`).toBeGreaterThanOrEqual(2);
      expect.soft(ring.contrast, `the focus ring of a ${kind} against its background`).toBeGreaterThanOrEqual(3);
    }

    // a text field's border shows where to type: 3:1 against the form's background
    const border = await targets.input.evaluate((element, helpers) => {
      const { parse, contrast, backdrop } = new Function(`return (${helpers})()`)() as ReturnType<typeof pageHelpers>;
      (document.activeElement as HTMLElement | null)?.blur();
      return contrast(parse(getComputedStyle(element).borderTopColor), backdrop(element));
    }, pageHelpers.toString());
    expect.soft(border, 'the text field border against its background').toBeGreaterThanOrEqual(3);

    // the sticky header hides what scrolls under it: fully opaque
    const header = await page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect.soft(header, 'the sticky header background').toMatch(/^rgb\(/);

    // a failed sign-in shows the error toast: its text 4.5:1 on its tint
    await targets.input.fill('nobody@example.com');
    await form.locator('input[type=password]').fill('not the password at all');
    await targets.button.click();
    const toast = page.locator('[data-sonner-toast][data-type=error]');
    await expect(toast).toBeVisible();
    const toastContrast = await toast.evaluate((element, helpers) => {
      const { parse, contrast } = new Function(`return (${helpers})()`)() as ReturnType<typeof pageHelpers>;
      const style = getComputedStyle(element);
      return contrast(parse(style.color), parse(style.backgroundColor));
    }, pageHelpers.toString());
    expect.soft(toastContrast, 'the error toast text on its background').toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });
}

/**
 * Walks focus backwards with Shift+Tab from the footer to the header and checks that no focused
 * control ends up under the sticky header.
 */
async function expectFocusClearOfHeader(page: Page, where: string) {
  await page.getByRole('contentinfo').getByRole('link').last().focus();
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Shift+Tab');
    const state = await page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('header')) return { done: true, hidden: false, name: '' };
      const rect = active.getBoundingClientRect();
      // hidden under the header: its top is above the header's bottom edge (a zero-size element is not drawn)
      const hidden = rect.height > 0 && rect.top < header.bottom - 1;
      return {
        done: false,
        hidden,
        name: `${active.tagName.toLowerCase()} "${(active.textContent ?? '').trim().slice(0, 30)}" top=${Math.round(rect.top)} header=${Math.round(header.bottom)}`,
      };
    });
    if (state.done) return;
    expect.soft(state.hidden, `${where}: focus under the sticky header: ${state.name}`).toBe(false);
  }
}

for (const size of [
  { name: '390 px', width: 390, largeText: false },
  { name: '1280 px at 200 % text', width: 1280, largeText: true },
]) {
  test(`at ${size.name}, focus never hides under the sticky header on /terms, /jv-partner, /dashboard and /order`, async ({ customerPage: page }) => {
    test.slow();
    await createOrder(page.request);
    await page.setViewportSize({ width: size.width, height: 700 });
    // instant scrolling, so the position read after each key press is where focus scrolled to
    await page.emulateMedia({ reducedMotion: 'reduce' });
    if (size.largeText)
      await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => document.documentElement.style.setProperty('font-size', '200%')));
    for (const path of ['/terms', '/jv-partner', '/dashboard', '/order']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      if (path === '/dashboard') await expect(page.getByTestId('order-card')).toBeVisible();
      await expectFocusClearOfHeader(page, `${path} at ${size.name}`);
    }
  });
}
