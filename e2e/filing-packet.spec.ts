import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { outboxMessagesTo, uniqueEmail } from './support/accounts';
import { runAxe } from './support/axe';
import { createOrder, payThroughApi } from './support/orders';
import { pdfText } from '../src/server/test/pdf-text';

/*
 * The filing packet in Spanish on a phone (390 px): a Mexican founder pays, completes the company
 * details, reads and signs the Operating Agreement and the SS-4 authorization in the full-screen
 * reader, adopting her legal name; the partner signs through the emailed link; both get the signed
 * PDF by email and the organizer is told; the used link says who signed and when. An administrator
 * downloads the team's worksheets, approves, uploads the state's stamped copy and records the
 * filing with its number; the customer's documents are named in Spanish by what they are (ADR 0041).
 */
test.use({ locale: 'es-MX', viewport: { width: 390, height: 844 } });

/** A minimal PDF, standing for the state's stamped copy the team scans. */
const stampedPdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

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
  const organizerEmail = ((await (await page.request.get('/api/session')).json()) as { user: { email: string } }).user.email;
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

  // read and sign the Operating Agreement in the full-screen reader, adopting the legal name as recorded
  const agreement = section.getByTestId('packet-document-operating_agreement');
  await agreement.getByRole('button', { name: /^Leer y firmar: Acuerdo operativo/ }).click();
  const reader = page.getByTestId('signing-reader');
  await expect(reader).toBeVisible();
  await expect(reader.getByRole('heading', { level: 2 })).toBeFocused();
  const box = (await reader.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(389); // the whole phone's width, not a box inside the page
  await expect(reader.getByTestId('agreement-text')).toContainText('José Ñúñez Hernández');
  await expect(reader.getByTestId('agreement-text')).toContainText('Clasificación fiscal');
  await expect(reader.getByTestId('adopted-signature')).toHaveText('José Ñúñez Hernández');
  await expect(reader).not.toContainText('SHA-256');
  await page.screenshot({ path: test.info().outputPath('reader-390-es.png'), fullPage: false });
  await reader.getByLabel('Escriba su nombre legal completo para adoptar esta firma').fill('jose nunez hernandez');
  await reader.getByRole('button', { name: 'Firmar' }).click();
  await expect(reader.getByText('Marque el consentimiento para firmar.')).toBeVisible();
  await expect(reader.getByRole('checkbox', { name: /^Acepto usar un registro y una firma electrónicos/ })).toBeFocused();
  await reader.getByRole('checkbox', { name: /^Acepto usar un registro y una firma electrónicos/ }).check();
  await reader.getByRole('button', { name: 'Firmar' }).click();
  await expect(reader).toHaveCount(0);
  await expect(section.getByRole('status')).toContainText(
    'Firmado. Le enviamos por correo una copia del documento firmado. Enviamos a Zoë Gonçalves un enlace para firmar.',
  );
  // the signature shown is the legal name with its accents, not the lowercase typed text
  await expect(agreement).toContainText(/Firmado por José Ñúñez Hernández el \d{1,2} de \w+ de \d{4}/);
  await expect(agreement).toContainText('Esperando la firma de Zoë Gonçalves');

  // the SS-4 authorization shows the answers it authorizes before "Firmar"
  const ss4 = section.getByTestId('packet-document-ss4_worksheet');
  await ss4.getByRole('button', { name: /^Leer y firmar: Autorización para solicitar el EIN/ }).click();
  await expect(reader.getByTestId('ss4-answers')).toContainText('Nombre de la persona responsable');
  await expect(reader.getByTestId('ss4-answers')).toContainText('Foreign — none');
  expect((await runAxe(page, { include: '[data-testid="signing-reader"]' })).violations.map((violation) => violation.id)).toEqual([]);
  await reader.getByRole('checkbox', { name: /^Acepto usar/ }).check();
  await reader.getByLabel('Escriba su nombre legal completo para adoptar esta firma').fill('José Ñúñez Hernández');
  await reader.getByRole('button', { name: 'Firmar' }).click();
  await expect(ss4).toContainText('Firmado por José Ñúñez Hernández');
  // what she downloads is hers: the authorization, no team worksheet
  const authorization = await downloadText(page, ss4.getByRole('link', { name: /Descargar/ }));
  expect(authorization.text).toContain('Autorización para solicitar el EIN de Cañón Ágil LLC');
  for (const worksheet of ['PLACEHOLDER', 'REGISTERED_AGENTS', 'Call script', 'Fax cover', 'Return fax']) expect(authorization.text).not.toContain(worksheet);
  await expect(section.getByTestId('packet-document-articles').getByRole('link')).toHaveCount(0);

  // the partner opens the emailed link (no account) on a phone and signs
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
  const partnerContext = await browser.newContext({ baseURL, locale: 'es-MX', viewport: { width: 390, height: 844 } });
  const partner = await partnerContext.newPage();
  await partner.goto(link);
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Firme el acuerdo operativo (Operating Agreement) de Cañón Ágil LLC');
  // nothing scrolls past the agreement: the page opens at its top, the name field is not focused
  await expect(partner.getByRole('textbox')).toHaveCount(0);
  expect((await runAxe(partner)).violations.map((violation) => violation.id)).toEqual([]);
  await partner.getByRole('button', { name: /^Leer y firmar/ }).click();
  const partnerReader = partner.getByTestId('signing-reader');
  await expect(partnerReader.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(partnerReader.getByTestId('agreement-text')).toContainText('Zoë Gonçalves');
  await expect(partnerReader.getByTestId('adopted-signature')).toHaveText('Zoë Gonçalves');
  await partnerReader.getByRole('checkbox', { name: /^Acepto usar/ }).check();
  await partnerReader.getByLabel('Escriba su nombre legal completo para adoptar esta firma').fill('zoe goncalves');
  await partnerReader.getByRole('button', { name: 'Firmar' }).click();
  await expect(partner.getByRole('status')).toContainText('Gracias. Usted firmó el Acuerdo Operativo de Cañón Ágil LLC.');
  // the link worked once: opened again, it says who signed and when, and gives the copy
  await partner.goto(link);
  await expect(partner.getByTestId('partner-signed')).toContainText(/Firmado el \d{1,2} de \w+ de \d{4} por Zoë Gonçalves/);
  const partnerCopy = await downloadText(partner, partner.getByRole('link', { name: 'Descargar su copia firmada (PDF)' }));
  expect(partnerCopy.text).toContain('Firma adoptada');
  await partnerContext.close();

  // both signers received the signed PDF, and the organizer was told the partner signed
  const withPdf = (text: string) => text.includes('application/pdf') && /filename=.?Operating-Agreement-[0-9A-F]{8}\.pdf/.test(text);
  await expect.poll(() => outboxMessagesTo(partnerEmail).filter(withPdf).length, { timeout: 15_000 }).toBe(1);
  // her own signed copy, then the partner's news (with the dashboard's link) and the agreement both signed
  await expect.poll(() => outboxMessagesTo(organizerEmail).filter(withPdf).length, { timeout: 15_000 }).toBe(2);
  expect(outboxMessagesTo(organizerEmail).filter((text) => withPdf(text) && text.includes('/es/dashboard'))).toHaveLength(1);
  expect(outboxMessagesTo(organizerEmail).filter((text) => /filename=.?EIN-authorization-SS-4-/.test(text))).toHaveLength(1);

  // the administrator: the team's worksheets, approval, the state's stamped copy, then the filing with its number
  await admin.goto(`/es/admin/orders/${orderId}`);
  const panel = admin.getByTestId('packet-panel');
  await expect(panel.getByTestId('packet-status')).toHaveText('Listo para nuestra revisión');
  const articles = await downloadText(admin, panel.getByTestId('admin-packet-articles').getByRole('link'));
  expect(articles.name).toMatch(/^Articles-of-Organization-[0-9A-F]{8}\.pdf$/);
  expect(articles.text).toContain('Wyoming');
  expect(articles.text).toContain('José Ñúñez Hernández');
  const worksheet = await downloadText(admin, panel.getByTestId('admin-packet-ss4_worksheet').getByRole('link'));
  expect(worksheet.text).toContain('Call script');
  expect(worksheet.text).toContain('Partnership');
  await panel.getByRole('button', { name: 'Aprobar el paquete' }).click();
  await panel.getByRole('alertdialog', { name: '¿Aprobar el paquete?' }).getByRole('button', { name: 'Aprobar y fijar' }).click();
  await expect(panel.getByTestId('packet-status')).toHaveText('Aprobado por nuestro equipo');
  await admin.getByTestId('document-kind').selectOption('articles_filed');
  await admin.getByLabel('Documento para agregar').setInputFiles({ name: 'WY-sello.pdf', mimeType: 'application/pdf', buffer: Buffer.from(stampedPdf) });
  await admin.getByRole('button', { name: 'Subir' }).click();
  await expect(admin.getByText(/WY-sello\.pdf/).first()).toBeVisible();
  await panel.getByLabel('Número de presentación del estado').fill('2026-001234567');
  await panel.getByRole('button', { name: 'Registrar la presentación' }).click();
  await expect(panel.getByTestId('packet-status')).toHaveText('Presentado ante el estado');

  // the customer's dashboard: filed, her documents named in Spanish by what they are, no raw file names
  await page.reload();
  await expect(section.getByTestId('packet-status')).toHaveText('Presentado ante el estado');
  await expect(section.getByRole('button', { name: 'Editar los datos de la empresa' })).toHaveCount(0);
  const list = page.getByTestId('customer-documents');
  await expect(list.getByRole('link', { name: /Acuerdo operativo \(Operating Agreement\), firmado/i })).toBeVisible();
  await expect(list.getByRole('link', { name: /Acta de constitución \(Articles of Organization\), como se presentó/ })).toBeVisible();
  await expect(list).not.toContainText(/Operating-Agreement-|WY-sello|Articles-of-Organization-/);
  await page.screenshot({ path: test.info().outputPath('documents-390-es.png'), fullPage: true });
});
