import { paymentReviewReasons } from '@shared/admin';
import { formatCalendarDay, parseIsoDay } from '@shared/formats';
import { translateUncheckedKey, type TextKey, type TFunction } from '@shared/i18n/keys';
import type { Language } from '@shared/languages';
import { milestones } from '@shared/milestones';
import { orderStages } from '@shared/order-stage';
import { orderStatuses } from '@shared/order-status';
import { promiseKinds } from '@shared/promised-times';
import { refundReasons } from '@shared/refund-rules';
import { serverTexts } from '../i18n/texts';
import { escapeHtml } from '../http/escape-html';

/** Every email the product sends; its texts are in the mail catalogue of each language. Payload values are plain strings. */
export interface MailTemplates {
  /** `verifyUrl` (the address's confirmation link) is absent in emails queued before addresses were confirmed */
  welcome: { firstName: string; dashboardUrl: string; verifyUrl?: string };
  /** a new confirmation link for the address, asked for from the dashboard */
  verifyEmail: { firstName: string; verifyUrl: string; hours: string };
  passwordReset: { firstName: string; resetUrl: string; minutes: string };
  /** `receiptUrl` (the dashboard with the order open) is absent in emails queued before receipts existed */
  paymentReceived: { firstName: string; orderNumber: string; amount: string; companyName: string; dashboardUrl: string; receiptUrl?: string };
  /** `status` is one of the four order statuses; the template names it in the customer's language */
  /** `stage` (src/shared/order-stage.ts) and `llcState` say where the order stands after it; absent in emails queued before */
  statusChanged: { firstName: string; orderNumber: string; companyName: string; status: string; dashboardUrl: string; stage?: string; llcState?: string };
  /** formerly one per upload; kept so emails queued then still render */
  documentAdded: { firstName: string; orderNumber: string; companyName: string; fileName: string; dashboardUrl: string };
  /** once per batch of document uploads or replacements (src/server/features/orders/document-emails.ts); `documents` has one file name a line */
  documentsUpdated: { firstName: string; orderNumber: string; companyName: string; documents: string; dashboardUrl: string };
  /**
   * a milestone an administrator recorded: `milestone` one of src/shared/milestones.ts, `date` and
   * `formationDate` as YYYY-MM-DD, `ein` formatted (12-3456789); the last two empty when unknown.
   * `identityDeletionOn` (YYYY-MM-DD, the EIN's email): when the identity documents will be
   * deleted; empty or absent (emails queued before) when there is nothing to delete
   */
  milestoneRecorded: {
    firstName: string;
    orderNumber: string;
    companyName: string;
    milestone: string;
    date: string;
    ein: string;
    formationDate: string;
    dashboardUrl: string;
    identityDeletionOn?: string;
    /** where the order stands after it, as statusChanged */
    stage?: string;
    llcState?: string;
  };
  /** on submission, before payment; `payUrl` is /order/confirm?orderId= (review and pay) */
  orderReceived: { firstName: string; orderNumber: string; companyName: string; payUrl: string };
  /** once, to an order still pending payment a day later (src/server/features/orders/payment-reminders.ts) */
  paymentReminder: { firstName: string; orderNumber: string; companyName: string; payUrl: string };
  /** an order held for review (a sanctioned nationality, ADR 0012) that an administrator released: it can be paid now */
  holdReleased: { firstName: string; orderNumber: string; companyName: string; payUrl: string };
  /**
   * 60, 30 and 7 days before a compliance deadline not done (src/server/features/compliance/compliance-reminders.ts):
   * `deadline` already in the customer's language, `dueDate` YYYY-MM-DD, `amount` and `sourceUrl` empty when unknown
   */
  complianceReminder: {
    firstName: string;
    companyName: string;
    deadline: string;
    dueDate: string;
    daysBefore: string;
    amount: string;
    sourceUrl: string;
    dashboardUrl: string;
  };
  /** to the support team, one per ticket or affiliate application; `kind` is 'ticket' or 'affiliate' */
  /** `orderNumber` and `orderUrl` (the admin page): the order a signed-in customer asked about, if any */
  supportTicket: { kind: string; name: string; email: string; message: string; language: string; ticketsUrl: string; orderNumber?: string; orderUrl?: string };
  /** an administrator's answer to a ticket, to its requester in the ticket's language; `request` is what they wrote */
  ticketReply: { firstName: string; reply: string; request: string };
  /**
   * to the team: a payment event did not match its order, or paid a paid order again; `reason` is
   * one of the payment review reasons (src/shared/admin.ts), `amount` as the event gave it; a payment
   * event names its checkout session, a refund event its refund
   */
  paymentReview: { reason: string; orderNumber: string; amount: string; sessionId?: string; refundId?: string; eventId: string; orderUrl: string };
  /** the customer's data export is ready; `securityUrl` is the dashboard's security page (where it is downloaded), `hours` how long it stays */
  dataExportReady: { firstName: string; securityUrl: string; hours: string };
  /**
   * the account was deleted (src/server/features/account-data/account-deletion.ts), to the address it had:
   * `deletedOn` YYYY-MM-DD; `keptOrders` one paid order kept as the tax record a line ("A1B2C3D4 (Sol Naciente LLC)"),
   * '' when none; `years` how long they are kept; `supportEmail` where to write
   */
  accountDeleted: { firstName: string; deletedOn: string; keptOrders: string; years: string; supportEmail: string };
  /**
   * the team's messages in an order's thread, one email per batch (order-messages.service.ts);
   * `messages` is "Name:\nbody" per message, a blank line between; `threadUrl` opens the order
   */
  teamMessages: { firstName: string; orderNumber: string; companyName: string; messages: string; threadUrl: string; dashboardUrl: string };
  /** once, 48 hours after a request the customer has not answered; `request` is what the team asked, `dueOn` YYYY-MM-DD */
  requestReminder: { firstName: string; orderNumber: string; companyName: string; request: string; dueOn: string; threadUrl: string; dashboardUrl: string };
  /** to an administrator given an order or a ticket by someone else; `kind` is 'order' or 'ticket', `title` the order
   * number and company or the ticket's requester */
  assigned: { firstName: string; kind: string; title: string; assignedBy: string; url: string };
  /** an order or ticket became overdue; to its owner (`firstName`), or to the team (`firstName` '') when it has none.
   * `kind` 'order' or 'ticket', `promise` a promise kind, `dueAt` an ISO instant */
  overdue: { firstName: string; kind: string; title: string; promise: string; dueAt: string; url: string };
  /** a bulk action changed several things for one recipient: `updates` one line per change (its email's subject) and its link, `total` how many */
  ordersUpdated: { firstName: string; total: string; updates: string };
  /**
   * an administrator corrected the order's data; `changes` has one "Field: old → new" line
   * per change, already in the customer's language (src/server/features/orders/order-correction.ts), `reason` as the administrator wrote it
   */
  orderCorrected: { firstName: string; orderNumber: string; companyName: string; changes: string; reason: string; dashboardUrl: string };
  /** to the team, one per customer message; a reply by email goes to the customer (Reply-To), not into the thread */
  customerMessage: { orderNumber: string; companyName: string; name: string; email: string; message: string; orderUrl: string };
  /** to the team, a customer asked for a refund; `reason` one of refundReasons (src/shared/refund-rules.ts), `suggested` what the rules owe, in USD */
  refundRequested: {
    orderNumber: string;
    companyName: string;
    name: string;
    email: string;
    reason: string;
    details: string;
    suggested: string;
    orderUrl: string;
  };
  /** the refund was approved; `amount` in the customer's language, `dueOn` YYYY-MM-DD (10 business days), `note` the administrator's words or '' */
  refundApproved: {
    firstName: string;
    orderNumber: string;
    companyName: string;
    amount: string;
    dueOn: string;
    note: string;
    dashboardUrl: string;
    /** the request's id: its completion withdraws this email while it is still held (refunds.service.ts) */
    refundId: string;
  };
  /** the refund was declined; `note` is why, as the administrator wrote it */
  refundDeclined: { firstName: string; orderNumber: string; companyName: string; note: string; dashboardUrl: string };
  /** the partner is asked to sign the Operating Agreement through a link (7 days, one use) */
  partnerSigning: { partnerName: string; organizerName: string; companyName: string; signUrl: string; expiresAt: string };
  /**
   * A signer's copy of what they signed, attached as its PDF (made when sent, from `attachment`,
   * which names the packet document); `document` the document's name in the signer's language.
   */
  signedCopy: { signerName: string; companyName: string; document: string; signedAt: string; attachment: Record<string, string> };
  /** the organizer: the partner signed the agreement; the signed PDF attached */
  partnerSigned: {
    organizerName: string;
    partnerName: string;
    companyName: string;
    signedAt: string;
    dashboardUrl: string;
    attachment: Record<string, string>;
  };
  /** the provider confirmed the refund; `creditNote` its number (CN-000001), downloaded from the order on the dashboard */
  refundCompleted: {
    firstName: string;
    orderNumber: string;
    companyName: string;
    amount: string;
    creditNote: string;
    dashboardUrl: string;
    /** the administrator's note on the approval ('' for none): this email may be the only one she gets */
    note: string;
  };
}
export type MailTemplate = keyof MailTemplates;

interface Rendered {
  subject: string;
  text: string;
}

/** "2026-11-23" as the customer reads a date ("November 23, 2026", "23 de noviembre de 2026"). */
const longDate = (day: string, language: Language) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatCalendarDay(parseIsoDay(day), language, 'long') : day);

/** one "- name" line per line of `lines` (a list of file names) */
const bulletList = (lines: string) =>
  lines
    .split('\n')
    .map((line) => `- ${line}`)
    .join('\n');

/**
 * What each template puts in its texts beyond the payload: names and sentences looked up in the
 * catalogues (an unknown status, milestone or reason reads as itself), optional lines, dates.
 */
type Values = { [T in MailTemplate]?: (p: MailTemplates[T], t: TFunction<'mail'>, language: Language) => Record<string, string> };
/** Whether a value stored in an email's payload is one of `list` (older rows may hold anything). */
const oneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);
/** Where the order stands, in the dashboard's own sentence (its "Your order now" card); nothing for an email queued without it. */
const stageLine = ({ stage, llcState }: { stage?: string; llcState?: string }, t: TFunction<'mail'>) =>
  stage && oneOf(orderStages, stage)
    ? `\n\n${t('stageLine', { stage: translateUncheckedKey(t, `dashboard:now.stage.${stage}`, { state: translateUncheckedKey(t, `geo:states.${llcState ?? ''}`, { defaultValue: llcState ?? '' }) }) })}`
    : '';
const values: Values = {
  welcome: (p, t) => ({ verify: p.verifyUrl ? t('welcome.verify', { verifyUrl: p.verifyUrl }) : '' }),
  paymentReceived: (p, t) => ({ receipt: p.receiptUrl ? t('paymentReceived.receipt', { receiptUrl: p.receiptUrl }) : '' }),
  statusChanged: (p, t) => ({
    status: oneOf(orderStatuses, p.status) ? t(`common:status.${p.status}`) : p.status,
    statusSentence: oneOf(orderStatuses, p.status) ? t(`statusSentences.${p.status}`) : p.status,
    stageLine: stageLine(p, t),
  }),
  documentsUpdated: (p) => ({ documents: bulletList(p.documents) }),
  orderCorrected: (p) => ({ changes: bulletList(p.changes) }),
  accountDeleted: (p, t, language) => ({
    deletedOn: longDate(p.deletedOn, language),
    kept: p.keptOrders ? t('accountDeleted.kept', { years: p.years, orders: bulletList(p.keptOrders) }) : t('accountDeleted.nothingKept'),
  }),
  milestoneRecorded: (p, t, language) => {
    const known = oneOf(milestones, p.milestone) ? p.milestone : null;
    const milestone = known ? t(`milestones:names.${known}`) : p.milestone;
    const date = longDate(p.date, language);
    const news = known ? t(`milestoneNews.${known}`, { date }) : t('milestoneNews.other', { milestone, date });
    // the milestone's own facts: the formation date once the state approved, the EIN once issued
    const facts = [
      p.formationDate && t('milestoneRecorded.formationDate', { date: longDate(p.formationDate, language) }),
      p.ein && t('milestoneRecorded.ein', { ein: p.ein }),
    ].filter(Boolean);
    // the identity documents are kept no longer than needed, and the customer is told when they go
    const retention = p.identityDeletionOn ? `\n\n${t('milestoneRecorded.identityDeletion', { date: longDate(p.identityDeletionOn, language) })}` : '';
    return { milestone, news, facts: `${facts.length ? `\n\n${facts.join('\n')}` : ''}${retention}`, stageLine: stageLine(p, t) };
  },
  complianceReminder: (p, t, language) => ({
    dueDate: longDate(p.dueDate, language),
    amount: p.amount ? t('complianceReminder.amount', { amount: p.amount }) : '',
    source: p.sourceUrl ? t('complianceReminder.source', { sourceUrl: p.sourceUrl }) : '',
  }),
  assigned: (p, t) => ({ what: t(p.kind === 'ticket' ? 'assigned.ticket' : 'assigned.order', { title: p.title }) }),
  requestReminder: (p, _t, language) => ({ dueOn: longDate(p.dueOn, language) }),
  refundRequested: (p, t) => ({ details: p.details || '-', reason: oneOf(refundReasons, p.reason) ? t(`receipt:creditNote.reasons.${p.reason}`) : p.reason }),
  partnerSigning: (p, _t, language) => ({ expiresAt: longDate(p.expiresAt.slice(0, 10), language) }),
  signedCopy: (p, _t, language) => ({ signedAt: longDate(p.signedAt.slice(0, 10), language) }),
  partnerSigned: (p, _t, language) => ({ signedAt: longDate(p.signedAt.slice(0, 10), language) }),
  refundApproved: (p, t, language) => ({ dueOn: longDate(p.dueOn, language), note: p.note ? t('refundApproved.note', { note: p.note }) : '' }),
  refundCompleted: (p, t) => ({ note: p.note ? t('refundCompleted.note', { note: p.note }) : '' }),
  ordersUpdated: (p, t) => ({ greeting: p.firstName ? t('ordersUpdated.greetingName', { firstName: p.firstName }) : t('ordersUpdated.greeting') }),
  overdue: (p, t, language) => ({
    greeting: p.firstName ? t('overdue.greetingOwner', { firstName: p.firstName }) : t('overdue.greetingTeam'),
    what: t(p.kind === 'ticket' ? 'overdue.ticket' : 'overdue.order', { title: p.title }),
    promise: oneOf(promiseKinds, p.promise) ? t(`overdue.promises.${p.promise}`) : p.promise,
    // the team works in several zones: the moment in UTC, said so
    dueAt: Number.isNaN(Date.parse(p.dueAt))
      ? p.dueAt
      : `${new Intl.DateTimeFormat(language === 'es' ? 'es-419' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(p.dueAt))} UTC`,
  }),
  supportTicket: (p, t) => ({
    title: t(p.kind === 'affiliate' ? 'supportTicket.title_affiliate' : 'supportTicket.title_ticket'),
    order: p.orderNumber ? t('supportTicket.order', { orderNumber: p.orderNumber, orderUrl: p.orderUrl ?? '' }) : '',
  }),
  paymentReview: ({ reason, sessionId, refundId }, t) => ({
    reason: oneOf(paymentReviewReasons, reason) ? t(`reviewReasons.${reason}`) : reason,
    source: refundId ? t('paymentReview.refund', { refundId }) : t('paymentReview.session', { sessionId: sessionId ?? '-' }),
  }),
};

// every template has its subject and text in the catalogue; their placeholders are the payload's
// and the values' above (checked by rendering every template: src/server/spanish-copy.test.ts)
type _Holds<T extends true> = T;
type _EveryTemplateHasItsTexts = _Holds<`${MailTemplate}.${'subject' | 'text'}` extends TextKey<['mail']> ? true : false>;

/** The subject and text of `template` in `language`, from the mail catalogue (src/client/locales/<language>/mail.json). */
function renderText<T extends MailTemplate>(template: T, language: Language, payload: MailTemplates[T]): Rendered {
  const t = serverTexts(language, 'mail');
  const filled = { ...payload, ...(values[template] as Values[T] | undefined)?.(payload, t, language) };
  return { subject: translateUncheckedKey(t, `${template}.subject`, filled), text: translateUncheckedKey(t, `${template}.text`, filled) };
}

/**
 * A link in an email's text: http(s) up to a space or a character that cannot be part of a URL
 * written in prose (quotes and angle brackets, escaped here as entities), so a customer's text can
 * never carry attributes into the link.
 */
const linkInEscapedText = /https?:\/\/(?:(?!&quot;|&#39;|&lt;|&gt;)[^\s"'<>])+/g;

export function renderMail<T extends MailTemplate>(template: T, language: Language, payload: MailTemplates[T]): Rendered & { html: string } {
  const rendered = renderText(template, language, payload);
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f1f35">${escapeHtml(rendered.text)
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph.replace(linkInEscapedText, (url) => `<a href="${url}">${url}</a>`).replaceAll('\n', '<br>')}</p>`)
    .join('')}</body></html>`;
  return { ...rendered, html };
}
