import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import type * as draftFiles from '../src/client/features/orders/draft-files';
import { expect, test } from './support/fixtures';
import { logOutThroughUi, signInThroughApi } from './support/accounts';
import { chooseCountry } from './support/orders';

/*
 * The identity files of an unfinished order survive a reload (features/orders/draft-files.ts keeps
 * them in this origin's IndexedDB). jsdom has no IndexedDB, so the module is tested here, in the
 * browser, against the real thing; then the wizard: reload on step 4, submit, a draft that is gone,
 * and a browser that keeps nothing.
 */

const draftFilesModule = path.resolve(import.meta.dirname, '../src/client/features/orders/draft-files.ts');
const databaseName = 'order-draft-files';

/** The module, bundled for the page: `window.draftFiles` exposes its functions. */
async function moduleSource(): Promise<string> {
  const result = await build({
    entryPoints: [draftFilesModule],
    bundle: true,
    format: 'iife',
    globalName: 'draftFiles',
    write: false,
    target: 'es2022',
    logLevel: 'silent',
  });
  return `${result.outputFiles[0]!.text};window.draftFiles = draftFiles;`;
}

type DraftFilesModule = typeof draftFiles;
declare global {
  interface Window {
    draftFiles: DraftFilesModule;
  }
}

/** A real PNG (the server checks content): the name as a phone names it. */
const png = {
  name: 'pasaporte-méxico.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e60000000049454e44ae426082',
    'hex',
  ),
};

/** Drives the wizard (English) to step 4 with a non-US nationality: the passport is the required document. */
async function toIdentityStep(page: Page, wizard = '/order') {
  await page.goto(wizard);
  for (const [i, name] of ['Llano Goods LLC', 'Llano Labs LLC', 'Llano Holdings LLC'].entries()) await page.locator(`[name=companyName${i + 1}]`).fill(name);
  const next = page.getByRole('button', { name: /^(Next|Siguiente)$/ });
  await next.click();
  await expect(page.getByTestId('wizard-position')).toHaveText(/2/);
  await next.click();
  await expect(page.getByTestId('wizard-position')).toHaveText(/3/);
  for (const [field, value] of [
    ['addressLine1', 'Av. Reforma 1'],
    ['addressCity', 'Ciudad de México'],
    ['addressState', 'CDMX'],
    ['addressZip', '06600'],
  ] as const)
    await page.locator(`[name=${field}]`).fill(value);
  await chooseCountry(page.locator('[name=addressCountry]'), 'mex', /^M[eé]xico$/);
  await next.click();
  await expect(page.getByTestId('wizard-position')).toHaveText(/4/);
  await chooseCountry(page.locator('[name=nationality]'), 'mex', /^M[eé]xico$/);
}

/** How many files this origin's IndexedDB keeps for drafts (0 when the database does not exist). */
const keptFiles = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('files').objectStore('files').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  }, databaseName);

test.describe('identity files kept with the order draft', () => {
  test('the IndexedDB module keeps each file with its name, type, size and bytes, per draft and document, and forgets them', async ({ page }) => {
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 401' });
    await page.goto('/terms');
    await page.evaluate(await moduleSource());
    const result = await page.evaluate(async () => {
      const { saveDraftFile, loadDraftFiles, clearDraftFiles } = window.draftFiles;
      const bytes = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52, 10, 255, 0, 1]);
      const describe = async (file: File | null) =>
        file && { name: file.name, type: file.type, size: file.size, lastModified: file.lastModified, bytes: [...new Uint8Array(await file.arrayBuffer())] };
      const passport = new File([bytes], 'WhatsApp Image 2024-05-12 at 12.34.56 PM.pdf', { type: 'application/pdf', lastModified: 1_700_000_000_000 });
      const saved = [
        await saveDraftFile('order-draft:ana', 'passport', passport),
        await saveDraftFile('order-draft:ana', 'otherId', new File(['id'], 'licencia.png', { type: 'image/png' })),
        await saveDraftFile('order-draft:bea', 'passport', new File(['bea'], 'bea.pdf', { type: 'application/pdf' })),
      ];
      const ana = await loadDraftFiles('order-draft:ana');
      const anaFiles = ana.available
        ? { passport: await describe(ana.files.passport), otherId: (await describe(ana.files.otherId))?.name, ssnDoc: ana.files.ssnDoc }
        : null;
      // a prefix of another draft's key is another draft
      const an = await loadDraftFiles('order-draft:an');
      // null forgets one document
      await saveDraftFile('order-draft:ana', 'otherId', null);
      const afterRemove = await loadDraftFiles('order-draft:ana');
      await clearDraftFiles('order-draft:ana');
      const afterClear = await loadDraftFiles('order-draft:ana');
      const bea = await loadDraftFiles('order-draft:bea');
      // no draft given: every draft's files go
      await clearDraftFiles();
      const beaAfterClearAll = await loadDraftFiles('order-draft:bea');
      const names = (kept: Awaited<ReturnType<typeof loadDraftFiles>>) =>
        kept.available ? Object.values(kept.files).map((file) => file?.name ?? null) : 'unavailable';
      return {
        saved,
        anaFiles,
        an: names(an),
        afterRemove: names(afterRemove),
        afterClear: names(afterClear),
        bea: names(bea),
        beaAfterClearAll: names(beaAfterClearAll),
      };
    });
    expect(result.saved).toEqual([true, true, true]);
    expect(result.anaFiles).toEqual({
      passport: {
        name: 'WhatsApp Image 2024-05-12 at 12.34.56 PM.pdf',
        type: 'application/pdf',
        size: 12,
        lastModified: 1_700_000_000_000,
        bytes: [37, 80, 68, 70, 45, 49, 46, 52, 10, 255, 0, 1],
      },
      otherId: 'licencia.png',
      ssnDoc: null,
    });
    // ssnDoc, passport, otherId
    expect(result.an).toEqual([null, null, null]);
    expect(result.afterRemove).toEqual([null, 'WhatsApp Image 2024-05-12 at 12.34.56 PM.pdf', null]);
    expect(result.afterClear).toEqual([null, null, null]);
    expect(result.bea).toEqual([null, 'bea.pdf', null]);
    expect(result.beaAfterClearAll).toEqual([null, null, null]);
  });

  test('without IndexedDB (a private window that refuses it) the module says so instead of failing', async ({ page }) => {
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 401' });
    await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
    await page.goto('/terms');
    await page.evaluate(await moduleSource());
    const result = await page.evaluate(async () => {
      const { saveDraftFile, loadDraftFiles, clearDraftFiles } = window.draftFiles;
      const saved = await saveDraftFile('order-draft:ana', 'passport', new File(['x'], 'p.pdf'));
      await clearDraftFiles('order-draft:ana');
      return { saved, loaded: await loadDraftFiles('order-draft:ana') };
    });
    expect(result).toEqual({ saved: false, loaded: { available: false } });
  });

  test('a passport chosen on step 4 is still chosen after a reload, and the order is submitted with it; then the browser forgets it', async ({
    customerPage: page,
  }) => {
    test.slow(); // four steps, a reload, an upload
    await toIdentityStep(page);
    await page.locator('input[type=file][name=passport]').setInputFiles(png);
    await expect(page.getByTestId('upload-passport')).toContainText(png.name);
    await expect.poll(() => keptFiles(page)).toBe(1);

    await page.reload();
    await expect(page.getByTestId('wizard-position')).toHaveText(/4/);
    await expect(page.getByTestId('upload-passport')).toContainText(png.name);
    await expect(page.getByTestId('upload-passport')).toContainText('1 kB');
    await expect(page.getByTestId('files-not-kept')).toBeEmpty();

    await page.getByRole('button', { name: 'Submit order' }).click();
    await expect(page).toHaveURL(/\/order\/confirm\?orderId=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { order: { documents: Record<string, boolean> } };
    expect(order.order.documents).toEqual({ ssnDoc: false, passport: true, otherId: false });
    // the server has the very bytes chosen before the reload
    const stored = await page.request.get(`/api/orders/${orderId}/identity/passport`);
    expect(stored.status()).toBe(200);
    expect(Buffer.from(await stored.body()).equals(png.buffer)).toBe(true);
    // submitted: the identity document is no longer kept in the browser
    await expect.poll(() => keptFiles(page)).toBe(0);
  });

  test('a new wizard does not bring back files of a draft that is gone (a closed tab, a sign-out): it deletes them', async ({
    customerPage: page,
    customer,
  }) => {
    test.slow();
    await toIdentityStep(page);
    await page.locator('input[type=file][name=passport]').setInputFiles(png);
    await expect.poll(() => keptFiles(page)).toBe(1);

    // the tab's draft is gone (a new tab): a fresh wizard forgets the files left behind
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(page.getByTestId('wizard-position')).toHaveText(/1/);
    await expect.poll(() => keptFiles(page)).toBe(0);

    await toIdentityStep(page);
    await page.locator('input[type=file][name=passport]').setInputFiles(png);
    await expect.poll(() => keptFiles(page)).toBe(1);
    // sign-out clears the tab's drafts; signed in again, the wizard starts afresh and the file is deleted
    await logOutThroughUi(page);
    await signInThroughApi(page.request, customer);
    await page.goto('/order');
    await expect(page.getByTestId('wizard-position')).toHaveText(/1/);
    await expect.poll(() => keptFiles(page)).toBe(0);
  });

  test('in Spanish, a browser that keeps no files says they must be chosen again', async ({ customerPage: page }) => {
    test.slow();
    await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
    await page.context().addCookies([{ name: 'lang', value: 'es', url: process.env.E2E_BASE_URL! }]);
    await page.addInitScript(() => localStorage.setItem('language', 'es'));
    await toIdentityStep(page, '/es/order');
    const notice = page.getByTestId('files-not-kept');
    await expect(notice).toBeEmpty();
    await page.locator('input[type=file][name=passport]').setInputFiles(png);
    await expect(page.getByTestId('upload-passport')).toContainText(png.name);
    await expect(notice).toHaveText(
      'Este navegador no guarda los archivos elegidos (quizá por la navegación privada): si recarga o sale de esta página, tendrá que elegirlos de nuevo.',
    );
    await expect(notice).toHaveRole('status');

    // and a reload, which finds nothing kept, says it at once
    await page.reload();
    await expect(page.getByTestId('wizard-position')).toHaveText(/4/);
    await expect(notice).toContainText('tendrá que elegirlos de nuevo');
    await expect(page.getByTestId('upload-passport')).not.toContainText(png.name);
  });
});
