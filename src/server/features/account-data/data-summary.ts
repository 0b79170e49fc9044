import { formatCalendarDay, formatDate, formatUsd, parseIsoDay } from '@shared/formats';
import { translateUncheckedKey } from '@shared/i18n/keys';
import type { Language } from '@shared/languages';
import { escapeHtml } from '../../platform/http/escape-html';
import { serverTexts } from '../../platform/i18n/texts';

/*
 * summary.html, beside account.json in "Download my data": the same record for a person to read,
 * in the account's language (the accountData catalogue, export.summary). Every value is escaped:
 * a name the customer or anyone else typed is text, never markup. It links each file to its place
 * in the ZIP, so it opens them when the ZIP is unpacked.
 */

/** A file of the ZIP as the summary lists it: its name as downloaded, and its path in the ZIP. */
export interface SummaryFile {
  fileName: string;
  file: string;
  /** a document's kind (src/shared/customer-documents.ts), when it has one */
  kind?: string;
}

/** What the summary reads of the export's data (collectAccountData's `data`). */
export interface SummaryData {
  exportedAt: string;
  account: { name: string; email: string; language: string | null; createdAt: string | null };
  orders: {
    orderNumber: string;
    status: string;
    createdAt: string | null;
    organizerName: string;
    company: { name: string; state: string; formationDate: string | null; ein: string | null; registeredAgent: { name: string; address: string } | null };
    amounts: { orderAmountCents: number; discountCents: number; paidCents: number | null };
    paidAt: string | null;
    paymentMethod: string | null;
    paymentReference: string | null;
    refunds: {
      requestedAt: string | null;
      reason: string;
      details: string;
      status: string;
      amountCents: number | null;
      refundedAt: string | null;
      creditNote: string | null;
      decisionNote: string | null;
    }[];
    documents: SummaryFile[];
    paymentDocuments: SummaryFile[];
    packetDocuments: SummaryFile[];
    signatures: {
      document: string;
      version: number;
      current: boolean;
      role: string;
      adoptedName: string;
      typedName: string;
      signedAt: string | null;
      sha256: string;
      consent: string;
      ipAddress?: string;
    }[];
  }[];
}

const style =
  'body{font-family:system-ui,sans-serif;line-height:1.5;color:#0f1f35;max-width:60rem;margin:2rem auto;padding:0 1rem}' +
  'table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-bottom:1px solid #d0d7e2}' +
  'dt{font-weight:600}dd{margin:0 0 .5rem}section{margin-top:2rem}code{word-break:break-all}';

/** The summary page of the export, in `language`. */
export function renderDataSummary(data: SummaryData, language: Language): string {
  const t = serverTexts(language, ['accountData', 'common', 'receipt', 'geo', 'dashboard']);
  const s = (key: string, options?: Record<string, unknown>) => escapeHtml(translateUncheckedKey(t, `accountData:export.summary.${key}`, options));
  const e = (value: string | number | null | undefined) => escapeHtml(value === null || value === undefined ? '' : String(value));
  const moment = (iso: string | null) => (iso ? e(formatDate(iso, language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC') : '');
  const day = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? e(formatCalendarDay(parseIsoDay(iso), language, 'long')) : e(iso));
  const money = (cents: number | null) => (cents === null ? '' : e(formatUsd(cents, language)));
  const list = (rows: [string, string][]) => `<dl>${rows.map(([label, value]) => `<dt>${label}</dt><dd>${value}</dd>`).join('')}</dl>`;
  const files = (entries: SummaryFile[]) =>
    `<ul>${entries
      .map((entry) => {
        const kind = entry.kind && entry.kind !== 'other' ? translateUncheckedKey(t, `dashboard:documents.kinds.${entry.kind}.name`, { defaultValue: '' }) : '';
        return `<li><a href="${e(entry.file)}">${e(entry.fileName)}</a>${kind ? ` (${e(kind)})` : ''}</li>`;
      })
      .join('')}</ul>`;

  const order = (o: SummaryData['orders'][number]) => {
    const status = translateUncheckedKey(t, `common:status.${o.status}`, { defaultValue: o.status });
    const state = translateUncheckedKey(t, `geo:states.${o.company.state}`, { defaultValue: o.company.state });
    const company = list([
      [s('companyName'), e(o.company.name)],
      [s('state'), e(state)],
      [s('formationDate'), o.company.formationDate ? day(o.company.formationDate) : s('notYet')],
      [s('ein'), o.company.ein ? e(o.company.ein) : s('notYet')],
      [s('registeredAgent'), o.company.registeredAgent ? `${e(o.company.registeredAgent.name)}<br>${e(o.company.registeredAgent.address)}` : s('notYet')],
    ]);
    const payment =
      o.amounts.paidCents === null
        ? `<p>${s('notPaid')}</p>`
        : list([
            [s('price'), money(o.amounts.orderAmountCents + o.amounts.discountCents)],
            ...(o.amounts.discountCents > 0 ? [[s('discount'), `-${money(o.amounts.discountCents)}`] as [string, string]] : []),
            [s('paid'), money(o.amounts.paidCents)],
            [s('paidAt'), moment(o.paidAt)],
            [s('method'), e(o.paymentMethod)],
            [s('reference'), `<code>${e(o.paymentReference)}</code>`],
          ]);
    const refunds =
      o.refunds.length === 0
        ? `<p>${s('noRefunds')}</p>`
        : `<table><thead><tr>${['refundAskedAt', 'refundReason', 'refundDetails', 'refundStatus', 'refundAmount', 'refundedAt', 'creditNote', 'refundNote'].map((key) => `<th>${s(key)}</th>`).join('')}</tr></thead><tbody>${o.refunds
            .map(
              (refund) =>
                `<tr><td>${moment(refund.requestedAt)}</td><td>${e(translateUncheckedKey(t, `receipt:creditNote.reasons.${refund.reason}`, { defaultValue: refund.reason }))}</td><td>${e(refund.details)}</td><td>${s(`refundStatuses.${refund.status}`, { defaultValue: refund.status })}</td><td>${money(refund.amountCents)}</td><td>${moment(refund.refundedAt)}</td><td>${e(refund.creditNote)}</td><td>${e(refund.decisionNote)}</td></tr>`,
            )
            .join('')}</tbody></table>`;
    const documents = [
      o.documents.length > 0 ? files(o.documents) : `<p>${s('noDocuments')}</p>`,
      o.paymentDocuments.length > 0 ? `<h4>${s('receiptsAndCreditNotes')}</h4>${files(o.paymentDocuments)}` : '',
      o.packetDocuments.length > 0 ? `<h4>${s('packet')}</h4>${files(o.packetDocuments)}` : '',
    ].join('');
    const signatures =
      o.signatures.length === 0
        ? `<p>${s('noSignatures')}</p>`
        : `<table><thead><tr>${['signedDocument', 'signer', 'adoptedName', 'typedName', 'signedAt', 'sha256', 'consent', 'ipAddress'].map((key) => `<th>${s(key)}</th>`).join('')}</tr></thead><tbody>${o.signatures
            .map(
              (signature) =>
                `<tr><td>${s(`filingDocuments.${signature.document}`, { defaultValue: signature.document })}, ${s('version', { version: signature.version })}${signature.current ? '' : ` (${s('superseded')})`}</td><td>${s(`roles.${signature.role}`, { defaultValue: signature.role })}</td><td>${e(signature.adoptedName)}</td><td>${e(signature.typedName)}</td><td>${moment(signature.signedAt)}</td><td><code>${e(signature.sha256)}</code></td><td>${e(signature.consent)}</td><td>${e(signature.ipAddress)}</td></tr>`,
            )
            .join('')}</tbody></table>`;
    return (
      `<section><h2>${s('order', { orderNumber: o.orderNumber })} · ${e(o.company.name)}</h2>` +
      list([
        [s('status'), e(status)],
        [s('orderedAt'), moment(o.createdAt)],
        [s('organizer'), e(o.organizerName)],
      ]) +
      `<h3>${s('company')}</h3>${company}<h3>${s('payment')}</h3>${payment}<h3>${s('refunds')}</h3>${refunds}` +
      `<h3>${s('documents')}</h3>${documents}<h3>${s('signatures')}</h3>${signatures}</section>`
    );
  };

  const language_ = data.account.language === 'en' || data.account.language === 'es' ? s(`languages.${data.account.language}`) : e(data.account.language);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${s('title')}</title><style>${style}</style></head><body>` +
    `<h1>${s('title')}</h1><p>${s('prepared', { date: formatDate(data.exportedAt, language, { dateStyle: 'long' }), name: data.account.name })}</p>` +
    `<section><h2>${s('account')}</h2>${list([
      [s('name'), e(data.account.name)],
      [s('email'), e(data.account.email)],
      [s('language'), language_],
      [s('createdAt'), moment(data.account.createdAt)],
    ])}</section>` +
    `<h2>${s('orders')}</h2>${data.orders.length === 0 ? `<p>${s('noOrders')}</p>` : data.orders.map(order).join('')}` +
    `</body></html>\n`
  );
}
