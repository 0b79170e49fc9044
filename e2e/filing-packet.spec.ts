import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { outboxMessagesTo, uniqueEmail } from './support/accounts';
import { runAxe } from './support/axe';
import { createOrder, payThroughApi } from './support/orders';
import { pdfText } from '../src/server/test/pdf-text';

/*
 * The filing packet in Spanish: a Mexican founder pays, completes the company details, reads and signs the
 * Operating Agreement and the SS-4 authorisation; the partner signs through the emailed link; an
 * administrator downloads the Wyoming Articles and the SS-4 worksheet, approves the packet and
 * records the filing; the customer's dashboard shows the signed agreement among the documents.
 */
test.use({ locale: 'es-MX' });

async function downloadText(page: Page, link: Locator) {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return { name: file.suggestedFilename(), text: await pdfText(bytes) };
}

test('a Mexican founder completes the company details and signs, the partner signs by link, the team approves and records the filing', async ({
  customerPage: page,
  adminPage: admin,
  browser,
  baseURL,
}) => {
  test.slow(); // three people, a payment, five PDFs
  expect((await page.request.put('/api/me/language', { data: { language: 'es' } })).status()).toBe(204);
  const partnerEmail = uniqueEmail('socia');
  const orderId = await createOrder(page.request, {
    companyName1: 'Cañón Ágil LLC',
    organizerName: 'José Ñúñez Hernández',
    nationality: 'MX',
    addressCountry: 'MX',
    addressCity: 'Guadalajara',
    addressState: 'Jalisco',
    phone: '+52 33 1234 5678',
    partner: { fullName: 'Zoë Gonçalves', email: partnerEmail, phone: '+52 55 1234 5678', country: 'MX', address: 'Calle Río Lerma 4, Ciudad de México' },
  });
  await payThroughApi(page.request, orderId);

  // the company details, in Spanish, after payment
  await page.goto(`/es/dashboard?order=${orderId}`);
  const section = page.getByTestId('filing-section');
  await expect(section.getByTestId('packet-status')).toHaveText('Faltan datos');
  await section.getByRole('button', { name: 'Complete los datos de su empresa' }).click();
  const form = section.getByTestId('facts-form');
  await expect(form.getByLabel('Objeto de la empresa')).toBeFocused();
  await form.getByLabel('Participación de José Ñúñez Hernández (%)').fill('60');
  await form.getByRole('button', { name: 'Guardar datos' }).click();
  // the shares must add to 100, and the activity is required: said before anything is sent
  await expect(form.getByText('Las participaciones deben sumar 100%.')).toBeVisible();
  await form.getByLabel('Participación de Zoë Gonçalves (%)').fill('40');
  await form.getByLabel('Qué vende o hace la empresa (en inglés)').fill('Software development services');
  await form
    .getByRole('radio', { name: /La dirección de nuestro agente registrado/ })
    .first()
    .check();
  await form.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(section.getByRole('status')).toHaveText('Guardamos los datos de su empresa. Sus documentos están listos para leer y firmar.');
  await expect(section.getByRole('status')).toBeFocused();
  await expect(section.getByTestId('packet-status')).toHaveText('Esperando firmas');
  expect((await runAxe(page, { include: '[data-testid="filing-section"]' })).violations.map((violation) => violation.id)).toEqual([]);

  // read and sign the Operating Agreement, then the SS-4 authorisation
  const agreement = section.getByTestId('packet-document-operating_agreement');
  await agreement.getByRole('button', { name: /^Leer y firmar: Acuerdo operativo/ }).click();
  await expect(agreement.getByTestId('agreement-text')).toContainText('José Ñúñez Hernández');
  await expect(agreement.getByTestId('agreement-text')).toContainText('60%');
  await agreement.getByLabel('Escriba su nombre completo para firmar').fill('José Ñúñez Hernández');
  await agreement.getByRole('button', { name: 'Firmar' }).click();
  await expect(agreement.getByText('Marque el consentimiento para firmar.')).toBeVisible();
  await expect(agreement.getByRole('checkbox', { name: /^Acepto usar un registro y una firma electrónicos/ })).toBeFocused();
  await agreement.getByRole('checkbox', { name: /^Acepto usar un registro y una firma electrónicos/ }).check();
  await agreement.getByRole('button', { name: 'Firmar' }).click();
  await expect(section.getByRole('status')).toContainText('Firmado. Gracias. Enviamos a Zoë Gonçalves un enlace para firmar.');
  await expect(agreement).toContainText(/Firmado por José Ñúñez Hernández el \d{1,2} de \w+ de \d{4}/);
  await expect(agreement).toContainText('Esperando la firma de Zoë Gonçalves');
  const ss4 = section.getByTestId('packet-document-ss4_worksheet');
  await ss4.getByRole('button', { name: /^Leer y firmar: Solicitud del EIN/ }).click();
  await ss4.getByRole('checkbox', { name: /^Acepto usar/ }).check();
  await ss4.getByLabel('Escriba su nombre completo para firmar').fill('jose nunez hernandez');
  await ss4.getByRole('button', { name: 'Firmar' }).click();
  await expect(ss4).toContainText('Firmado por jose nunez hernandez');

  // the partner opens the emailed link (no account) and signs
  let link = '';
  await expect
    .poll(
      () => {
        const mail = outboxMessagesTo(partnerEmail).find((text) => text.includes('/sign?token='));
        link = /\/es\/sign\?token=[\w-]+/.exec(mail ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const partnerContext = await browser.newContext({ baseURL, locale: 'es-MX' });
  const partner = await partnerContext.newPage();
  await partner.goto(link);
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Firme el acuerdo operativo (Operating Agreement) de Cañón Ágil LLC');
  await expect(partner.getByTestId('agreement-text')).toContainText('Zoë Gonçalves');
  expect((await runAxe(partner)).violations.map((violation) => violation.id)).toEqual([]);
  await partner.getByRole('checkbox', { name: /^Acepto usar/ }).check();
  await partner.getByLabel('Escriba su nombre completo para firmar').fill('Zoë Gonçalves');
  await partner.getByRole('button', { name: 'Firmar' }).click();
  await expect(partner.getByRole('status')).toHaveText('Gracias. Firmó el acuerdo operativo de Cañón Ágil LLC. Puede cerrar esta página.');
  // the link worked once
  await partner.goto(link);
  await expect(partner.getByRole('alert')).toContainText('Este enlace para firmar ya se usó');
  await partnerContext.close();

  // the administrator: the Wyoming Articles and the SS-4 worksheet, then approve and record the filing
  await admin.goto(`/es/admin/orders/${orderId}`);
  const panel = admin.getByTestId('packet-panel');
  await expect(panel.getByTestId('packet-status')).toHaveText('Listo para nuestra revisión');
  await expect(panel.getByTestId('admin-packet-operating_agreement')).toContainText('Zoë Gonçalves (socio) firmó');
  const articles = await downloadText(admin, panel.getByTestId('admin-packet-articles').getByRole('link'));
  expect(articles.name).toMatch(/^Articles-of-Organization-[0-9A-F]{8}\.pdf$/);
  expect(articles.text).toContain('Wyoming');
  expect(articles.text).toContain('Cañón Ágil LLC');
  expect(articles.text).toContain('José Ñúñez Hernández');
  const worksheet = await downloadText(admin, panel.getByTestId('admin-packet-ss4_worksheet').getByRole('link'));
  expect(worksheet.text).toContain('Foreign');
  expect(worksheet.text).toContain('Partnership');
  await panel.getByRole('button', { name: 'Aprobar el paquete' }).click();
  await panel.getByRole('alertdialog', { name: '¿Aprobar el paquete?' }).getByRole('button', { name: 'Aprobar y fijar' }).click();
  await expect(panel.getByTestId('packet-status')).toHaveText('Aprobado por nuestro equipo');
  await panel.getByRole('button', { name: 'Registrar la presentación' }).click();
  await expect(panel.getByTestId('packet-status')).toHaveText('Presentado ante el estado');

  // the customer's dashboard: filed, and the signed agreement among the documents
  await page.reload();
  await expect(section.getByTestId('packet-status')).toHaveText('Presentado ante el estado');
  await expect(section.getByRole('button', { name: 'Editar los datos de la empresa' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Operating-Agreement-[0-9A-F]{8}\.pdf/ })).toBeVisible();
});
