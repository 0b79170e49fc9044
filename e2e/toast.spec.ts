import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/accounts';

for (const width of [320, 390, 1280]) {
  test(`a toast's close button sits inside the toast and on the screen at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/es/login');
    await page.locator('input[type=email]').fill(uniqueEmail('nobody'));
    await page.locator('input[type=password]').fill('not the password at all');
    await page.locator('form button[type=submit]').click();
    const toast = page.locator('[data-sonner-toast]').first();
    await toast.hover();
    const close = toast.getByRole('button', { name: 'Cerrar notificación' });
    await expect(close).toBeVisible();
    const [box, button] = [(await toast.boundingBox())!, (await close.boundingBox())!];
    expect(button.x).toBeGreaterThanOrEqual(box.x);
    expect(button.y).toBeGreaterThanOrEqual(box.y);
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height);
    expect(button.x + button.width).toBeLessThanOrEqual(width);
    // and the text does not run under it
    const title = (await toast.locator('[data-title]').boundingBox())!;
    expect(title.x + title.width).toBeLessThanOrEqual(button.x);
  });
}
