import { describe, expect, it } from 'vitest';
import { paymentReviewReasons } from '@shared/admin';
import { formatUsd } from '@shared/formats';
import { spanishStyleProblems } from '@shared/glossary';
import { refundReasons } from '@shared/refund-rules';
import { milestones } from '@shared/milestones';
import { orderStatuses } from '@shared/order-status';
import { amountText } from '@server/features/compliance/deadline-copy';
import { changeLines } from '@server/features/orders/order-correction';
import { checkoutProductName } from '@server/features/payments/payments.service';
import { mailSenders } from '@server/platform/mail/sender';
import { renderMail, type MailTemplate, type MailTemplates } from '@server/platform/mail/templates';

/*
 * The Spanish house style (docs/glossary.md) for what the server puts together from the catalogues:
 * whole emails, the checkout product name and the sender name (the catalogues themselves:
 * src/client/locales/spanish.test.ts).
 */
const problemsOf = (strings: [string, string][]) =>
  strings.flatMap(([where, text]) => spanishStyleProblems(text).map((problem) => `${where}: ${problem} in "${text}"`));

describe('Spanish server copy uses usted, the glossary and Spanish figures', () => {
  it('the Spanish emails, for every status and review reason', () => {
    const common = { firstName: 'Ana', orderNumber: 'A1B2C3D4', companyName: 'Sol Naciente LLC', dashboardUrl: 'https://llc.example.com/dashboard' };
    const payloads: { [T in MailTemplate]: MailTemplates[T][] } = {
      welcome: [
        { firstName: 'Ana', dashboardUrl: common.dashboardUrl, verifyUrl: 'https://llc.example.com/api/auth/verify-email?token=x' },
        { firstName: 'Ana', dashboardUrl: common.dashboardUrl },
      ],
      verifyEmail: [{ firstName: 'Ana', verifyUrl: 'https://llc.example.com/api/auth/verify-email?token=x', hours: '48' }],
      passwordReset: [{ firstName: 'Ana', resetUrl: 'https://llc.example.com/reset-password?token=x', minutes: '30' }],
      paymentReceived: [
        { ...common, amount: formatUsd(39900, 'es'), receiptUrl: 'https://llc.example.com/dashboard?order=1' },
        { ...common, amount: formatUsd(13875, 'es') },
      ],
      statusChanged: orderStatuses.map((status) => ({ ...common, status })),
      documentAdded: [{ ...common, fileName: 'acta.pdf' }],
      documentsUpdated: [{ ...common, documents: 'acta.pdf\ncarta EIN.png' }],
      milestoneRecorded: milestones.map((milestone) => ({
        ...common,
        milestone,
        date: '2026-11-20',
        ein: milestone === 'ein_issued' ? '12-3456789' : '',
        formationDate: milestone === 'state_approved' ? '2026-11-20' : '',
        identityDeletionOn: milestone === 'ein_issued' ? '2027-02-18' : '',
      })),
      orderReceived: [{ ...common, payUrl: 'https://llc.example.com/order/confirm?orderId=1' }],
      paymentReminder: [{ ...common, payUrl: 'https://llc.example.com/order/confirm?orderId=1' }],
      holdReleased: [{ ...common, payUrl: 'https://llc.example.com/order/confirm?orderId=1' }],
      assigned: [
        { firstName: 'Erin', kind: 'order', title: 'A1B2C3D4 · Sol Naciente LLC', assignedBy: 'Luis Gómez', url: 'https://llc.example.com/es/admin/orders/1' },
        { firstName: 'Erin', kind: 'ticket', title: 'Ana María Pérez', assignedBy: 'Luis Gómez', url: 'https://llc.example.com/es/admin/tickets/1' },
      ],
      ordersUpdated: [
        {
          firstName: 'Ana',
          total: '2',
          updates:
            '- Su pedido A1B2C3D4 está en proceso\n  https://llc.example.com/es/dashboard?order=1\n- Su pedido B1B2C3D4 está en proceso\n  https://llc.example.com/es/dashboard?order=2',
        },
      ],
      overdue: [
        {
          firstName: 'Erin',
          kind: 'order',
          title: 'A1B2C3D4 Sol Naciente LLC',
          promise: 'state_approval',
          dueAt: '2026-11-28T09:00:00.000Z',
          url: 'https://llc.example.com/es/admin/orders/1',
        },
        {
          firstName: '',
          kind: 'ticket',
          title: 'Ana María Pérez',
          promise: 'support_reply',
          dueAt: '2026-11-28T21:00:00.000Z',
          url: 'https://llc.example.com/es/admin/tickets/1',
        },
      ],
      requestReminder: [
        {
          ...common,
          request: 'Por favor, suba una foto más nítida de su pasaporte.',
          dueOn: '2026-12-02',
          threadUrl: 'https://llc.example.com/es/dashboard?order=1',
        },
      ],
      complianceReminder: ['60', '7'].map((daysBefore) => ({
        firstName: 'Ana',
        companyName: 'Sol Naciente LLC',
        deadline: 'Informe anual estatal',
        dueDate: '2027-03-01',
        daysBefore,
        amount: daysBefore === '60' ? amountText({ method: 'minimum', cents: 6000, basis: 'hybrid' }, 'es') : '',
        sourceUrl: daysBefore === '60' ? 'https://sos.wyo.gov' : '',
        dashboardUrl: common.dashboardUrl,
      })),
      supportTicket: ['ticket', 'affiliate'].map((kind) => ({
        kind,
        name: 'Ana',
        email: 'ana@example.com',
        message: 'Hola',
        language: 'es',
        ticketsUrl: 'https://llc.example.com/admin/tickets',
      })),
      ticketReply: [{ firstName: 'Ana', reply: 'Su EIN llegará esta semana.', request: 'Mi EIN no ha llegado.' }],
      paymentReview: paymentReviewReasons.map((reason) => ({
        reason,
        orderNumber: 'A1B2C3D4',
        amount: formatUsd(39900, 'es'),
        sessionId: 'cs_1',
        eventId: 'evt_1',
        orderUrl: 'https://llc.example.com/admin/orders/1',
      })),
      dataExportReady: [{ firstName: 'Ana', securityUrl: 'https://llc.example.com/es/dashboard/security', hours: '24' }],
      accountDeleted: [
        { firstName: 'Ana', deletedOn: '2026-11-20', keptOrders: 'A1B2C3D4 (Sol Naciente LLC)', years: '7', supportEmail: 'soporte@llc.example.com' },
        { firstName: 'Ana', deletedOn: '2026-11-20', keptOrders: '', years: '7', supportEmail: 'soporte@llc.example.com' },
      ],
      teamMessages: [
        {
          firstName: 'Ana',
          orderNumber: 'BAE24F1F',
          companyName: 'Andes Digital LLC',
          messages: 'Lucía:\nLa foto de su pasaporte está borrosa.',
          threadUrl: 'https://llc.example.com/es/dashboard?order=1',
          dashboardUrl: 'https://llc.example.com/es/dashboard',
        },
      ],
      orderCorrected: [
        {
          ...common,
          changes: changeLines(
            ['companyName1', 'email', 'addressCountry', 'nationality', 'phone'],
            { companyName1: 'Sol Naciente LLC', email: 'ana@example.com', addressCountry: 'MX', nationality: 'MX', phone: null },
            { companyName1: 'Sol Poniente LLC', email: 'ana.perez@example.com', addressCountry: 'PE', nationality: 'PE', phone: null },
            'es',
          ),
          reason: 'La clienta pidió corregir el nombre.',
        },
      ],
      customerMessage: [
        {
          orderNumber: 'BAE24F1F',
          companyName: 'Andes Digital LLC',
          name: 'Ana Pérez',
          email: 'ana@example.com',
          message: 'Adjunto la nueva foto.',
          orderUrl: 'https://llc.example.com/admin/orders/1',
        },
      ],
      refundRequested: refundReasons.map((reason) => ({
        orderNumber: 'BAE24F1F',
        companyName: 'Andes Digital LLC',
        name: 'Ana Pérez',
        email: 'ana@example.com',
        reason,
        details: '',
        suggested: formatUsd(35910, 'es'),
        orderUrl: 'https://llc.example.com/admin/orders/1',
      })),
      refundApproved: [
        { ...common, amount: formatUsd(35910, 'es'), dueOn: '2026-12-11', note: '', refundId: 'r1' },
        { ...common, amount: formatUsd(10000, 'es'), dueOn: '2026-12-11', note: 'Le devolvemos la tarifa estatal.', refundId: 'r1' },
      ],
      refundDeclined: [{ ...common, note: 'La demora fue del IRS; su EIN llegará en 4 semanas.' }],
      refundCompleted: [
        { ...common, amount: formatUsd(35910, 'es'), creditNote: 'CN-000001', note: '' },
        { ...common, amount: formatUsd(35910, 'es'), creditNote: 'CN-000001', note: 'Le devolvemos la tarifa estatal.' },
      ],
      partnerSigning: [
        {
          partnerName: 'Zoë Gonçalves',
          organizerName: 'José Ñúñez',
          companyName: 'Cañón Ágil LLC',
          signUrl: 'https://llc.example.com/es/sign?token=abc',
          expiresAt: '2026-12-05T10:00:00.000Z',
        },
      ],
      signedCopy: [
        {
          signerName: 'Zoë Gonçalves',
          companyName: 'Cañón Ágil LLC',
          document: 'Acuerdo Operativo (inglés y español)',
          signedAt: '2026-12-04T10:00:00.000Z',
          attachment: { source: 'packetDocument', orderId: 'o', kind: 'operating_agreement' },
        },
      ],
      partnerSigned: [
        {
          organizerName: 'José Ñúñez',
          partnerName: 'Zoë Gonçalves',
          companyName: 'Cañón Ágil LLC',
          signedAt: '2026-12-04T10:00:00.000Z',
          dashboardUrl: 'https://llc.example.com/es/dashboard',
          attachment: { source: 'packetDocument', orderId: 'o', kind: 'operating_agreement' },
        },
      ],
    };
    const strings = (Object.keys(payloads) as MailTemplate[]).flatMap((template) =>
      (payloads[template] as never[]).flatMap((payload, i): [string, string][] => {
        const mail = renderMail(template, 'es', payload);
        // an EIN (12-3456789) and a credit note's number (CN-000001) are identifiers, not figures to group by thousands
        const identifiers = [(payload as { ein?: string }).ein, (payload as { creditNote?: string }).creditNote].filter((value): value is string =>
          Boolean(value),
        );
        const figuresOnly = (text: string) => identifiers.reduce((rest, identifier) => rest.replaceAll(identifier, ''), text);
        return [
          [`${template}[${i}].subject`, figuresOnly(mail.subject)],
          [`${template}[${i}].text`, figuresOnly(mail.text)],
        ];
      }),
    );
    expect(strings.length).toBeGreaterThan(10);
    expect(problemsOf(strings)).toEqual([]);
  });

  // the receipt's, the CSV's, the calendar's and the test checkout's texts are the catalogues' (src/client/locales/spanish.test.ts)
  it('the product name and the sender name', () => {
    const strings: [string, string][] = [
      ['checkoutProductName', checkoutProductName('es', 'WY', 'Sol Naciente LLC')],
      // the display name: the header's quotes around it are the address syntax's, not copy
      ['mailSenders', mailSenders('Frontera <no-reply@example.com>', 'Frontera · Constitución de LLC en EE. UU.').es.replace(/^"([^"]*)" <.*>$/, '$1')],
    ];
    expect(problemsOf(strings)).toEqual([]);
  });
});
