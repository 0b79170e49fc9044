import { formatCalendarDay, parseIsoDay } from '@shared/formats';
import type { Language } from '@shared/languages';
import { orderStatusNames } from '@shared/order-status';

/** Every email the product sends, in both languages. Payload values are plain strings. */
export interface MailTemplates {
  welcome: { firstName: string; dashboardUrl: string };
  passwordReset: { firstName: string; resetUrl: string; minutes: string };
  /** `receiptUrl` (the dashboard with the order open) is absent in emails queued before receipts existed */
  paymentReceived: { firstName: string; orderNumber: string; amount: string; companyName: string; dashboardUrl: string; receiptUrl?: string };
  /** `status` is one of the four order statuses; the template names it in the customer's language */
  statusChanged: { firstName: string; orderNumber: string; companyName: string; status: string; dashboardUrl: string };
  /** before issue 21, one per upload; kept so emails queued then still render */
  documentAdded: { firstName: string; orderNumber: string; companyName: string; fileName: string; dashboardUrl: string };
  /** once per batch of document uploads or replacements (src/server/features/admin/document-emails.ts); `documents` has one file name a line */
  documentsUpdated: { firstName: string; orderNumber: string; companyName: string; documents: string; dashboardUrl: string };
  /**
   * a milestone an administrator recorded: `milestone` one of src/shared/milestones.ts, `date` and
   * `formationDate` as YYYY-MM-DD, `ein` formatted (12-3456789); the last two empty when unknown
   */
  milestoneRecorded: { firstName: string; orderNumber: string; companyName: string; milestone: string; date: string; ein: string; formationDate: string; dashboardUrl: string };
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
  complianceReminder: { firstName: string; companyName: string; deadline: string; dueDate: string; daysBefore: string; amount: string; sourceUrl: string; dashboardUrl: string };
  /** to the support team, one per ticket or affiliate application; `kind` is 'ticket' or 'affiliate' */
  supportTicket: { kind: string; name: string; email: string; message: string; language: string; ticketsUrl: string };
  /** an administrator's answer to a ticket, to its requester in the ticket's language; `request` is what they wrote */
  ticketReply: { firstName: string; reply: string; request: string };
  /**
   * to the team: a payment event did not match its order, or paid a paid order again; `reason` is
   * one of the payment review reasons (src/shared/admin.ts), `amount` as the event gave it
   */
  paymentReview: { reason: string; orderNumber: string; amount: string; sessionId: string; eventId: string; orderUrl: string };
}
export type MailTemplate = keyof MailTemplates;

interface Rendered {
  subject: string;
  text: string;
}

const statusNames: Record<Language, Record<string, string>> = orderStatusNames;

const reviewReasons: Record<Language, Record<string, string>> = {
  en: {
    amount_mismatch: 'the amount paid is not the order amount',
    currency_mismatch: 'the payment is not in US dollars',
    not_paid: 'the checkout completed without being paid',
    wrong_session: "the checkout session is not the order's",
    duplicate_payment: 'the order was already paid: this second payment should be refunded',
    unknown_order: 'no such order exists (its customer may have discarded it after opening the payment): refund this payment with the payment provider',
  },
  es: {
    amount_mismatch: 'el monto pagado no es el monto del pedido',
    currency_mismatch: 'el pago no está en dólares estadounidenses',
    not_paid: 'la sesión de pago terminó sin que se cobrara',
    wrong_session: 'la sesión de pago no es la del pedido',
    duplicate_payment: 'el pedido ya estaba pagado: este segundo pago debe reembolsarse',
    unknown_order: 'ese pedido no existe (el cliente pudo descartarlo después de abrir el pago): reembolse este pago con el proveedor de pagos',
  },
};

const milestoneNames: Record<Language, Record<string, string>> = {
  en: {
    order_received: 'Order received',
    payment_received: 'Payment received',
    filed_with_state: 'Filed with the state',
    state_approved: 'Approved by the state',
    ein_requested: 'EIN requested',
    ein_issued: 'EIN issued',
    documents_ready: 'Documents ready',
  },
  es: {
    order_received: 'Pedido recibido',
    payment_received: 'Pago recibido',
    filed_with_state: 'Presentada ante el estado',
    state_approved: 'Aprobada por el estado',
    ein_requested: 'EIN solicitado',
    ein_issued: 'EIN emitido',
    documents_ready: 'Documentos listos',
  },
};

/** "2026-11-23" as the customer reads a date ("November 23, 2026", "23 de noviembre de 2026"). */
const longDate = (day: string, language: Language) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatCalendarDay(parseIsoDay(day), language, 'long') : day);

/** one "- name" line per line of `lines` (a list of file names) */
const bulletList = (lines: string) => lines.split('\n').map((line) => `- ${line}`).join('\n');

/** What happened, as a sentence ending in its date (issue 31, item 2): "su LLC se presentó ante el estado el 27 de noviembre de 2026". */
const milestoneSentences: Record<Language, Record<string, (date: string) => string>> = {
  en: {
    order_received: (date) => `we received your order on ${date}`,
    payment_received: (date) => `we received your payment on ${date}`,
    filed_with_state: (date) => `your LLC was filed with the state on ${date}`,
    state_approved: (date) => `the state approved your LLC on ${date}`,
    ein_requested: (date) => `we requested your EIN from the IRS on ${date}`,
    ein_issued: (date) => `the IRS issued your EIN on ${date}`,
    documents_ready: (date) => `your documents were ready on ${date}`,
  },
  es: {
    order_received: (date) => `recibimos su pedido el ${date}`,
    payment_received: (date) => `recibimos su pago el ${date}`,
    filed_with_state: (date) => `su LLC se presentó ante el estado el ${date}`,
    state_approved: (date) => `el estado aprobó su LLC el ${date}`,
    ein_requested: (date) => `solicitamos su EIN al IRS el ${date}`,
    ein_issued: (date) => `el IRS emitió su EIN el ${date}`,
    documents_ready: (date) => `sus documentos quedaron listos el ${date}`,
  },
};

/** A status, as the end of "Your order … is now …" (issue 31, item 2). */
const statusSentences: Record<Language, Record<string, string>> = {
  en: { pending_payment: 'waiting for payment', paid: 'paid', processing: 'in process', completed: 'completed. Your LLC has been formed; your documents are on your dashboard' },
  es: { pending_payment: 'pendiente de pago', paid: 'pagado', processing: 'en proceso', completed: 'completado. Su LLC ya está constituida; sus documentos están en su panel' },
};

/** The milestone's own facts: the formation date once the state approved, the EIN once issued. */
function milestoneFacts(p: MailTemplates['milestoneRecorded'], language: Language): string {
  const facts: string[] = [];
  if (p.formationDate) facts.push(language === 'es' ? `Fecha de constitución: ${longDate(p.formationDate, language)}` : `Formation date: ${longDate(p.formationDate, language)}`);
  if (p.ein) facts.push(`EIN: ${p.ein}`);
  return facts.length ? `\n\n${facts.join('\n')}` : '';
}

type Renderers = { [T in MailTemplate]: Record<Language, (p: MailTemplates[T]) => Rendered> };

const renderers: Renderers = {
  welcome: {
    en: (p) => ({
      subject: 'Welcome to Frontera',
      text: `Hi ${p.firstName},\n\nWelcome to Frontera! Your account is ready. When you are, start your LLC formation from your dashboard:\n${p.dashboardUrl}\n\nWe are here to help at every step.\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: 'Le damos la bienvenida a Frontera',
      text: `Hola, ${p.firstName}:\n\n¡Le damos la bienvenida a Frontera! Su cuenta está lista. Cuando quiera, comience la constitución de su LLC desde su panel:\n${p.dashboardUrl}\n\nEstamos para ayudarle en cada paso.\n\nEl equipo de Frontera`,
    }),
  },
  paymentReceived: {
    en: (p) => ({
      subject: `Payment received for order #${p.orderNumber}`,
      text: `Hi ${p.firstName},\n\nWe received your payment of ${p.amount} for ${p.companyName} (order #${p.orderNumber}). Our team starts on your LLC within 24 hours; you can follow every step on your dashboard:\n${p.dashboardUrl}\n${p.receiptUrl ? `\nDownload your receipt (PDF) from your order on your dashboard:\n${p.receiptUrl}\n` : ''}\nThank you for trusting us.\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `Pago recibido para el pedido n.º ${p.orderNumber}`,
      text: `Hola, ${p.firstName}:\n\nRecibimos su pago de ${p.amount} para ${p.companyName} (pedido n.º ${p.orderNumber}). Nuestro equipo comienza con su LLC en menos de 24 horas; puede seguir cada paso en su panel:\n${p.dashboardUrl}\n${p.receiptUrl ? `\nDescargue su recibo (PDF) desde su pedido en su panel:\n${p.receiptUrl}\n` : ''}\nGracias por su confianza.\n\nEl equipo de Frontera`,
    }),
  },
  statusChanged: {
    en: (p) => ({
      subject: `Order #${p.orderNumber}: ${statusNames.en[p.status] ?? p.status}`,
      text: `Hi ${p.firstName},\n\nYour order #${p.orderNumber} (${p.companyName}) is now ${statusSentences.en[p.status] ?? p.status}.\n\nFollow every step on your dashboard:\n${p.dashboardUrl}\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `Pedido n.º ${p.orderNumber}: ${statusNames.es[p.status] ?? p.status}`,
      text: `Hola, ${p.firstName}:\n\nSu pedido n.º ${p.orderNumber} (${p.companyName}) ahora está ${statusSentences.es[p.status] ?? p.status}.\n\nSiga cada paso en su panel:\n${p.dashboardUrl}\n\nEl equipo de Frontera`,
    }),
  },
  documentAdded: {
    en: (p) => ({
      subject: `New document for order #${p.orderNumber}`,
      text: `Hi ${p.firstName},\n\nWe added a document to your order #${p.orderNumber} (${p.companyName}): ${p.fileName}.\n\nOpen it from your dashboard:\n${p.dashboardUrl}\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `Nuevo documento para el pedido n.º ${p.orderNumber}`,
      text: `Hola, ${p.firstName}:\n\nAgregamos un documento a su pedido n.º ${p.orderNumber} (${p.companyName}): ${p.fileName}.\n\nÁbralo desde su panel:\n${p.dashboardUrl}\n\nEl equipo de Frontera`,
    }),
  },
  documentsUpdated: {
    en: (p) => ({
      subject: `Your documents for order #${p.orderNumber} were updated`,
      text: `Hi ${p.firstName},\n\nWe updated the documents of your order #${p.orderNumber} (${p.companyName}). It now has:\n${bulletList(p.documents)}\n\nOpen them from your dashboard:\n${p.dashboardUrl}\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `Actualizamos los documentos de su pedido n.º ${p.orderNumber}`,
      text: `Hola, ${p.firstName}:\n\nActualizamos los documentos de su pedido n.º ${p.orderNumber} (${p.companyName}). Ahora tiene:\n${bulletList(p.documents)}\n\nÁbralos desde su panel:\n${p.dashboardUrl}\n\nEl equipo de Frontera`,
    }),
  },
  milestoneRecorded: {
    en: (p) => {
      const name = milestoneNames.en[p.milestone] ?? p.milestone;
      const date = longDate(p.date, 'en');
      return {
        subject: `Order #${p.orderNumber}: ${name}`,
        text: `Hi ${p.firstName},\n\nNews about your order #${p.orderNumber} (${p.companyName}): ${milestoneSentences.en[p.milestone]?.(date) ?? `${name}, on ${date}`}.${milestoneFacts(p, 'en')}\n\nFollow every step on your dashboard:\n${p.dashboardUrl}\n\nThe Frontera team`,
      };
    },
    es: (p) => {
      const name = milestoneNames.es[p.milestone] ?? p.milestone;
      const date = longDate(p.date, 'es');
      return {
        subject: `Pedido n.º ${p.orderNumber}: ${name}`,
        text: `Hola, ${p.firstName}:\n\nNovedades de su pedido n.º ${p.orderNumber} (${p.companyName}): ${milestoneSentences.es[p.milestone]?.(date) ?? `${name}, el ${date}`}.${milestoneFacts(p, 'es')}\n\nSiga cada paso en su panel:\n${p.dashboardUrl}\n\nEl equipo de Frontera`,
      };
    },
  },
  orderReceived: {
    en: (p) => ({
      subject: `Order #${p.orderNumber} received: ${p.companyName}`,
      text: `Hi ${p.firstName},\n\nWe received your order #${p.orderNumber} for ${p.companyName}. We start on your LLC formation as soon as it is paid. Review your order and complete the payment here:\n${p.payUrl}\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `Pedido n.º ${p.orderNumber} recibido: ${p.companyName}`,
      text: `Hola, ${p.firstName}:\n\nRecibimos su pedido n.º ${p.orderNumber} para ${p.companyName}. Comenzamos la constitución de su LLC en cuanto se pague. Revise su pedido y complete el pago aquí:\n${p.payUrl}\n\nEl equipo de Frontera`,
    }),
  },
  paymentReminder: {
    en: (p) => ({
      subject: `Your order #${p.orderNumber} is waiting for payment`,
      text: `Hi ${p.firstName},\n\nYour order #${p.orderNumber} for ${p.companyName} is saved but not paid yet, so we have not started your LLC formation. Complete the payment whenever you are ready:\n${p.payUrl}\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `Su pedido n.º ${p.orderNumber} espera el pago`,
      text: `Hola, ${p.firstName}:\n\nSu pedido n.º ${p.orderNumber} para ${p.companyName} está guardado, pero aún no se ha pagado, así que no hemos comenzado la constitución de su LLC. Complete el pago cuando quiera:\n${p.payUrl}\n\nEl equipo de Frontera`,
    }),
  },
  holdReleased: {
    en: (p) => ({
      subject: `Order #${p.orderNumber} reviewed: you can pay it now`,
      text: `Hi ${p.firstName},\n\nWe reviewed your order #${p.orderNumber} for ${p.companyName} and it can go ahead. Complete the payment here and we start on your LLC formation:\n${p.payUrl}\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `Pedido n.º ${p.orderNumber} revisado: ya puede pagarlo`,
      text: `Hola, ${p.firstName}:\n\nRevisamos su pedido n.º ${p.orderNumber} para ${p.companyName} y puede seguir adelante. Complete el pago aquí y comenzamos la constitución de su LLC:\n${p.payUrl}\n\nEl equipo de Frontera`,
    }),
  },
  complianceReminder: {
    en: (p) => ({
      subject: `${p.companyName}: ${p.deadline} due in ${p.daysBefore} days`,
      text: `Hi ${p.firstName},\n\nA reminder for ${p.companyName}: ${p.deadline} is due on ${longDate(p.dueDate, 'en')}, in ${p.daysBefore} days.${p.amount ? `\nAmount: ${p.amount}` : ''}${p.sourceUrl ? `\nOfficial source: ${p.sourceUrl}` : ''}\n\nWhen it is filed, mark it as done on your dashboard and we stop reminding you:\n${p.dashboardUrl}\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: `${p.companyName}: ${p.deadline} vence en ${p.daysBefore} días`,
      text: `Hola, ${p.firstName}:\n\nUn recordatorio para ${p.companyName}: ${p.deadline} vence el ${longDate(p.dueDate, 'es')}, en ${p.daysBefore} días.${p.amount ? `\nMonto: ${p.amount}` : ''}${p.sourceUrl ? `\nFuente oficial: ${p.sourceUrl}` : ''}\n\nCuando lo haya presentado, márquelo como hecho en su panel y dejaremos de recordárselo:\n${p.dashboardUrl}\n\nEl equipo de Frontera`,
    }),
  },
  passwordReset: {
    en: (p) => ({
      subject: 'Reset your Frontera password',
      text: `Hi ${p.firstName},\n\nSomeone (hopefully you) asked to reset the password of your Frontera account. Choose a new password here:\n${p.resetUrl}\n\nThe link works once and expires in ${p.minutes} minutes. If you did not ask for this, ignore this email; your password stays the same.\n\nThe Frontera team`,
    }),
    es: (p) => ({
      subject: 'Restablezca su contraseña de Frontera',
      text: `Hola, ${p.firstName}:\n\nAlguien (esperamos que usted) pidió restablecer la contraseña de su cuenta de Frontera. Elija una nueva contraseña aquí:\n${p.resetUrl}\n\nEl enlace funciona una sola vez y vence en ${p.minutes} minutos. Si no lo pidió, ignore este correo; su contraseña no cambia.\n\nEl equipo de Frontera`,
    }),
  },
  supportTicket: {
    en: (p) => {
      const title = p.kind === 'affiliate' ? 'New affiliate application' : 'New support ticket';
      return { subject: `${title} from ${p.name}`, text: `${title}\n\nFrom: ${p.name} <${p.email}>\nLanguage: ${p.language}\n\n${p.message}\n\nReply to ${p.email}. All tickets:\n${p.ticketsUrl}` };
    },
    es: (p) => {
      const title = p.kind === 'affiliate' ? 'Nueva solicitud de afiliado' : 'Nuevo ticket de soporte';
      return { subject: `${title} de ${p.name}`, text: `${title}\n\nDe: ${p.name} <${p.email}>\nIdioma: ${p.language}\n\n${p.message}\n\nResponda a ${p.email}. Todos los tickets:\n${p.ticketsUrl}` };
    },
  },
  ticketReply: {
    en: (p) => ({
      subject: 'Re: your message to Frontera',
      text: `Hi ${p.firstName},\n\n${p.reply}\n\nTo write back, reply to this email.\n\nThe Frontera team\n\n---\nYou wrote:\n${p.request}`,
    }),
    es: (p) => ({
      subject: 'Re: su mensaje a Frontera',
      text: `Hola, ${p.firstName}:\n\n${p.reply}\n\nPara escribirnos de nuevo, responda a este correo.\n\nEl equipo de Frontera\n\n---\nUsted escribió:\n${p.request}`,
    }),
  },
  paymentReview: {
    en: (p) => ({
      subject: `Payment to review for order #${p.orderNumber}`,
      text: `A payment event for order #${p.orderNumber} was not applied: ${reviewReasons.en[p.reason] ?? p.reason}.\n\nAmount: ${p.amount}\nCheckout session: ${p.sessionId}\nEvent: ${p.eventId}\n\nThe order's status was not changed by this event. Check it with the payment provider, then mark it resolved under Payments to review, at the top of the admin orders page. The order:\n${p.orderUrl}`,
    }),
    es: (p) => ({
      subject: `Pago por revisar en el pedido n.º ${p.orderNumber}`,
      text: `Un evento de pago del pedido n.º ${p.orderNumber} no se aplicó: ${reviewReasons.es[p.reason] ?? p.reason}.\n\nMonto: ${p.amount}\nSesión de pago: ${p.sessionId}\nEvento: ${p.eventId}\n\nEste evento no cambió el estado del pedido. Verifíquelo con el proveedor de pagos y luego márquelo como resuelto en Pagos por revisar, arriba en la página de pedidos de administración. El pedido:\n${p.orderUrl}`,
    }),
  },
};

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function renderMail<T extends MailTemplate>(template: T, language: Language, payload: MailTemplates[T]): Rendered & { html: string } {
  const rendered = renderers[template][language](payload);
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f1f35">${escapeHtml(rendered.text)
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph.replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>').replaceAll('\n', '<br>')}</p>`)
    .join('')}</body></html>`;
  return { ...rendered, html };
}
