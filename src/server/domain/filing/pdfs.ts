import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { agreementTexts, documentTitles, footerTexts, roleLabel, signatureRecordTexts, ss4LineLabel } from '@shared/filing/document-texts';
import { ss4Authorization } from '@shared/filing/ss4-authorization';
import { consentSentence, type FilingInput, type SignatureEvidence } from '@shared/filing/facts-model';
import { operatingAgreement, type AgreementText } from '@shared/filing/operating-agreement';
import { articlesFor, formatShare, membersOf } from '@shared/filing/state-forms';
import { IRS_CONTACT, isForeignResponsibleParty, ss4Answers, ss4LabelsEs } from '@shared/filing/ss4';
import { pdfBytes } from '../../platform/pdf/pdf-bytes';

/*
 * The filing packet's PDFs. The customer's (ADR 0041): the Operating Agreement and the SS-4
 * authorization, which are what a signer reads, signs and downloads. The team's worksheets: the
 * Articles' answers with the operator's notes and the SS-4 worksheet with the call script and the
 * fax cover, which only the admin area serves. DETERMINISTIC: the same input and `createdAt` give byte-identical files, because a
 * signer signs the SHA-256 of the bytes; pdfkit's only clock and its file ID come from the info
 * dates, which the caller fixes. Names print in DejaVu Sans (embedded, subset), which holds every
 * Latin letter a customer may type (ñ, Ł, ő, ễ), unlike the standard Helvetica's WinAnsi.
 * pdfkit is loaded with the first document, not at start.
 */

export interface RenderOptions {
  /** the version's creation moment (whole seconds): the PDF's CreationDate and ModDate */
  createdAt: Date;
}

export interface Ss4RenderOptions extends RenderOptions {
  /** the responsible party's signature evidence, printed on a final record page */
  signatures?: SignatureEvidence[] | null;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans from the dejavu-fonts-ttf package, read once. */
function dejaVu() {
  if (!fonts) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fonts = { regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fonts;
}

const REGULAR = 'DejaVu';
const BOLD = 'DejaVu-Bold';

type PageLanguage = 'en' | 'es' | 'both';
/** a team worksheet has its English title only: its pages are in English */
interface Titles {
  en: string;
  es?: string;
}

/**
 * A US Letter document with our fonts, fixed dates and a "page n of N" footer written at the end,
 * in the language of the page's text (`pageLanguage` from the page on): a Spanish page has no
 * English line.
 */
async function filingDocument(input: FilingInput, titles: Titles, createdAt: Date, firstLanguage: PageLanguage = 'en') {
  const { en: title } = titles;
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    bufferPages: true,
    info: { Title: `${title} — ${input.companyName}`, Subject: `Order ${input.orderNumber}`, CreationDate: createdAt, ModDate: createdAt },
  });
  const { regular, bold } = dejaVu();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR);
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  const heading = (text: string, size = 18) => {
    doc.font(BOLD).fontSize(size).text(text, left, doc.y, { width });
    doc.moveDown(0.4);
  };
  const subheading = (text: string) => {
    doc.moveDown(0.3);
    doc.font(BOLD).fontSize(12).text(text, left, doc.y, { width });
    doc.moveDown(0.2);
  };
  const paragraph = (text: string, size = 10.5) => {
    doc.font(REGULAR).fontSize(size).text(text, left, doc.y, { width, align: 'left' });
    doc.moveDown(0.35);
  };
  /** a label (small, bold) over its answer: flows across pages without splitting columns */
  const row = (label: string, value: string) => {
    doc.font(BOLD).fontSize(9).fillColor('#444444').text(label, left, doc.y, { width });
    doc
      .font(REGULAR)
      .fontSize(11)
      .fillColor('#000000')
      .text(value || '—', left + 12, doc.y, { width: width - 12 });
    doc.moveDown(0.45);
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor('#999999')
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.5);
  };
  const newPage = () => {
    doc.addPage();
    doc.x = left;
  };
  /** the language of the pages from the current one on */
  const languages: { from: number; language: PageLanguage }[] = [{ from: 0, language: firstLanguage }];
  const pageLanguage = (language: PageLanguage) => languages.push({ from: doc.bufferedPageRange().count - 1, language });
  const footer = (index: number, count: number) => {
    const language = languages.filter((entry) => entry.from <= index).at(-1)!.language;
    const spanish = titles.es ?? titles.en;
    const title = language === 'es' ? spanish : language === 'both' ? `${titles.en} / ${spanish}` : titles.en;
    return footerTexts[language]({ company: input.companyName, title, order: input.orderNumber, page: index + 1, pages: count });
  };
  const finish = () => {
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0; // writing in the margin must not open a new page
      doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor('#555555')
        .text(footer(index, range.count), left, doc.page.height - 36, {
          width,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
    doc.fillColor('#000000');
    doc.end();
    return done;
  };
  return { doc, left, width, heading, subheading, paragraph, row, rule, newPage, pageLanguage, finish };
}

type Layout = Awaited<ReturnType<typeof filingDocument>>;

/** The "Electronic signature record / Registro de firma electrónica" page. */
function signatureRecord(layout: Layout, signatures: SignatureEvidence[]) {
  const { newPage, heading, paragraph, row, rule, pageLanguage } = layout;
  newPage();
  pageLanguage('both');
  heading(signatureRecordTexts.title, 16);
  paragraph(signatureRecordTexts.intro, 9.5);
  for (const signature of signatures) {
    rule();
    row(signatureRecordTexts.adoptedName, signature.adoptedName);
    row(signatureRecordTexts.typedName, signature.typedName);
    row(signatureRecordTexts.role, roleLabel[signature.role]);
    row(signatureRecordTexts.account, signature.account);
    row(signatureRecordTexts.signedAt, signature.signedAt.toISOString());
    row(signatureRecordTexts.ipAddress, signature.ipAddress);
    row(signatureRecordTexts.sha256, signature.sha256);
    row(signatureRecordTexts.consent, signature.consent);
  }
  rule();
  paragraph(`${consentSentence.en} / ${consentSentence.es}`, 8.5);
}

/** The state formation document (Articles / Certificate of Formation) or the filing sheet of a state without a template. */
export async function renderArticles(input: FilingInput, options: RenderOptions): Promise<Buffer> {
  const articles = articlesFor(input);
  const layout = await filingDocument(input, { en: `${articles.title} — team worksheet` }, options.createdAt);
  const { heading, paragraph, row, rule, subheading, finish } = layout;
  heading(articles.title);
  paragraph(`State of ${articles.stateName}${articles.formName ? ` — ${articles.formName}` : ''}`, 11);
  paragraph(`${input.companyName} — order ${input.orderNumber}`, 10);
  if (input.agent.placeholder) paragraph('WARNING: the registered agent is a placeholder (REGISTERED_AGENTS is not configured). Do not file.', 10);
  rule();
  for (const note of articles.notes) paragraph(note, 9.5);
  paragraph(`Form source: ${articles.source.title}${articles.source.url ? ` — ${articles.source.url}` : ''}`, 9.5);
  for (const statute of articles.statutes) {
    paragraph(
      `${statute.label}: ${statute.citation} (source: ${statute.source === 'dataset' ? 'the dataset' : `the state's form${statute.url ? `, ${statute.url}` : ''}`})`,
      9.5,
    );
  }
  paragraph(articles.feeText, 9.5);
  rule();
  subheading(articles.kind === 'articles' ? 'The form’s fields and our answers' : 'The fields the state’s form asks and our answers');
  for (const entry of articles.rows) row(entry.label, entry.value);
  rule();
  paragraph(articles.credit, 9);
  return finish();
}

/** The team's SS-4 worksheet: the answers, the call script, the fax cover from our business (the designee), and the signed authorization's record. */
export async function renderSs4Worksheet(input: FilingInput, options: Ss4RenderOptions): Promise<Buffer> {
  const answers = ss4Answers(input);
  const layout = await filingDocument(input, { en: 'Form SS-4 worksheet' }, options.createdAt);
  const { heading, paragraph, row, rule, subheading, newPage, finish } = layout;
  const answer = (line: string) => answers.find((entry) => entry.line === line)?.answer ?? '';
  const foreign = isForeignResponsibleParty(input);

  heading('Form SS-4 worksheet — Application for Employer Identification Number');
  paragraph(
    `${input.companyName} — order ${input.orderNumber}. Answers to Form SS-4 (Rev. December 2023), lines 1–18, from the order and the company details.`,
    10,
  );
  rule();
  for (const entry of answers) row(`Line ${entry.line} — ${entry.label}`, entry.answer);
  rule();
  paragraph(
    `International applicants (${IRS_CONTACT.phone.for}): phone ${IRS_CONTACT.phone.number} (${IRS_CONTACT.phone.note}; ${IRS_CONTACT.phone.hours}); fax ${IRS_CONTACT.faxFromUs.number} (${IRS_CONTACT.faxFromUs.note}) or ${IRS_CONTACT.faxFromAbroad.number} (${IRS_CONTACT.faxFromAbroad.note}). Source: ${IRS_CONTACT.faxFromUs.source}.`,
    9,
  );

  newPage();
  heading('Call script — IRS international line');
  paragraph(
    `Call ${IRS_CONTACT.phone.number} — ${IRS_CONTACT.phone.note}; ${IRS_CONTACT.phone.hours}. Have this worksheet and the signed authorization at hand.`,
    10,
  );
  subheading('1. Greeting');
  paragraph(
    `“Good morning. I am calling to apply for an Employer Identification Number for a newly formed limited liability company, ${input.companyName}, organized in ${input.state.name}. I am the third-party designee authorized by the responsible party, ${input.organizer.name}.”`,
  );
  subheading('2. What the agent will ask, in order');
  for (const step of [
    'The type of entity and the number of members (lines 8a–9a).',
    'The reason for applying (line 10).',
    'The legal name and any trade name (lines 1–2).',
    'The responsible party and their taxpayer number (lines 7a–7b).',
    'The mailing and street addresses, county and state (lines 3–6).',
    'The start date and the closing month of the accounting year (lines 11–12).',
    'Employees and first wages (lines 13–15).',
    'The principal activity and what the company sells or does (lines 16–17).',
    'Whether the company ever had an EIN (line 18), and your authority as designee.',
  ]) {
    paragraph(`• ${step}`, 10);
  }
  subheading('3. Read the answers');
  for (const line of ['9a', '10', '1', '2', '7a', '7b', '4a', '4b', '5a', '5b', '6', '11', '12', '13', '15', '16', '17', '18'])
    paragraph(`Line ${line}: ${answer(line)}`, 10);
  subheading('4. Write down the EIN');
  paragraph('EIN: ___ ___ – ___ ___ ___ ___ ___ ___ ___     Agent’s name and ID number: ______________________', 10.5);
  paragraph('Date and time of the call: ______________________     Read the number back to the agent, digit by digit.', 10.5);

  newPage();
  heading('Fax cover');
  row('To', 'Internal Revenue Service — Attn: EIN International Operation, Cincinnati, OH 45999');
  row(
    'IRS EIN fax',
    `${IRS_CONTACT.faxFromUs.number} (${IRS_CONTACT.faxFromUs.note}) · ${IRS_CONTACT.faxFromAbroad.number} (${IRS_CONTACT.faxFromAbroad.note})`,
  );
  row('From', `${input.designee ?? 'The filing team'} (third-party designee)`);
  row('Pages (including this cover)', '2');
  row('Re', `Form SS-4, Application for Employer Identification Number — ${input.companyName}`);
  row('Responsible party', `${input.organizer.name} (line 7b: ${answer('7b')})`);
  row('Return fax / phone', '______________________');
  paragraph('Please fax the EIN assignment to the return number above. Thank you.', 10.5);
  paragraph(
    foreign ? 'Responsible party: foreign, no SSN or ITIN (line 7b).' : 'Responsible party: US person; read the SSN from the identity file at the call.',
    9,
  );

  if (options.signatures?.length) signatureRecord(layout, options.signatures);
  return finish();
}

/**
 * The customer's SS-4 authorization, the document the responsible party reads and signs: what she
 * authorizes and the answers, first in her words (Spanish labels beside the form's) then the
 * English, each page in one language; the answers are as the IRS gets them.
 */
export async function renderSs4Authorization(input: FilingInput, options: Ss4RenderOptions): Promise<Buffer> {
  const answers = ss4Answers(input);
  const entityType = answers.find((entry) => entry.line === '9a')?.answer ?? '';
  const text = ss4Authorization(input, entityType, isForeignResponsibleParty(input));
  const layout = await filingDocument(input, documentTitles.ss4Authorization, options.createdAt, 'es');
  const { heading, paragraph, row, rule, newPage, pageLanguage, finish } = layout;
  heading(text.es.heading, 16);
  for (const line of text.es.paragraphs) paragraph(line);
  rule();
  for (const entry of answers) row(ss4LineLabel.es(entry.line, ss4LabelsEs[entry.line] ?? entry.label), entry.answer);
  newPage();
  pageLanguage('en');
  heading(text.en.heading, 16);
  for (const line of text.en.paragraphs) paragraph(line);
  rule();
  for (const entry of answers) row(ss4LineLabel.en(entry.line, entry.label), entry.answer);
  if (options.signatures?.length) signatureRecord(layout, options.signatures);
  return finish();
}

function agreementPart(layout: Layout, text: AgreementText, part: string) {
  const { heading, paragraph, subheading } = layout;
  heading(part, 12);
  heading(text.title);
  paragraph(text.preamble);
  for (const clause of text.clauses) {
    subheading(clause.heading);
    for (const line of clause.paragraphs) paragraph(line);
  }
}

/** The Operating Agreement: Part I in English, Part II the Spanish courtesy translation, the members' signature lines, and the signature record when signed. */
export async function renderOperatingAgreement(input: FilingInput, signatures: SignatureEvidence[] | null, options: RenderOptions): Promise<Buffer> {
  const en = operatingAgreement(input, 'en');
  const es = operatingAgreement(input, 'es');
  const layout = await filingDocument(input, documentTitles.operatingAgreement, options.createdAt);
  const { heading, paragraph, newPage, pageLanguage, rule, finish, doc } = layout;
  agreementPart(layout, en, agreementTexts.partEnglish);
  newPage();
  pageLanguage('es');
  agreementPart(layout, es, agreementTexts.partSpanish);

  newPage();
  pageLanguage('both');
  heading(agreementTexts.signatures, 16);
  paragraph(agreementTexts.adopts, 10);
  for (const member of membersOf(input)) {
    // a member who signed: the adopted name on the line, "/s/" as electronic signatures are written
    const signature = signatures?.find((entry) => entry.role === member.role);
    doc.moveDown(1.5);
    paragraph(signature ? `/s/ ${signature.adoptedName}` : '______________________________________', 11);
    paragraph(`${member.name} — ${roleLabel[member.role]} — ${agreementTexts.member} (${formatShare(member.share)})`, 10.5);
    paragraph(signature ? agreementTexts.signedOn(signature.signedAt.toISOString().slice(0, 10)) : agreementTexts.date, 10);
  }
  rule();
  if (signatures?.length) signatureRecord(layout, signatures);
  return finish();
}
