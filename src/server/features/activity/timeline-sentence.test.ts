import { describe, expect, it } from 'vitest';
import { timelineSentence } from '@shared/timeline';
import { serverTexts } from '@server/platform/i18n/texts';

/* The one sentence of a timeline or activity entry (src/shared/timeline.ts), as the CSV writes it. */
describe('timelineSentence', () => {
  const es = serverTexts('es', ['admin', 'milestones']);
  const en = serverTexts('en', ['admin', 'milestones']);

  it('names the fields a correction changed as the form does, and keeps its reason as written', () => {
    expect(timelineSentence({ kind: 'order_corrected', detail: { changed: 'organizerName, email, partner', reason: 'not_paid' } }, es, 'es')).toBe(
      'Pedido corregido (Nombre completo del organizador; Correo electrónico; Socio): not_paid',
    );
    // an unknown field reads as itself
    expect(timelineSentence({ kind: 'order_edited', detail: { changed: 'llcState, somethingNew' } }, en, 'en')).toBe('Order edited: LLC state; somethingNew');
  });

  it('translates a payment review reason, and writes prices and days as the language does', () => {
    expect(timelineSentence({ kind: 'payment_review', detail: { reason: 'amount_mismatch' } }, en, 'en')).not.toContain('amount_mismatch');
    expect(timelineSentence({ kind: 'set_price', detail: { fromCents: '39900', toCents: '45000' } }, es, 'es')).toBe('Precio cambiado: US$399 → US$450');
    expect(timelineSentence({ kind: 'milestone_recorded', detail: { milestone: 'filed_with_state', occurredOn: '2026-11-27' } }, es, 'es')).toBe(
      'Hito registrado: Presentada ante el estado (27 nov 2026)',
    );
    expect(timelineSentence({ kind: 'assign_ticket', detail: { from: null, to: 'Luis Colega' } }, es, 'es')).toBe(
      'Responsable del ticket: nadie → Luis Colega',
    );
    expect(timelineSentence({ kind: 'brand_new_kind', detail: {} }, en, 'en')).toBe('brand_new_kind');
  });

  it('says a refund in the reader’s language: the reason chosen, the amounts, the credit note', () => {
    expect(timelineSentence({ kind: 'refund_requested', detail: { reason: 'state_refused', suggestedCents: '39900' } }, es, 'es')).toBe(
      'Reembolso solicitado: el estado rechazó la empresa (las reglas sugieren US$399)',
    );
    expect(timelineSentence({ kind: 'refund_completed', detail: { amountCents: '35910', creditNote: 'CN-000007' } }, en, 'en')).toBe(
      'Refunded $359.10 (credit note CN-000007)',
    );
    // the provider's own words stay as they came
    expect(timelineSentence({ kind: 'refund_failed', detail: { reason: 'charge_already_refunded' } }, es, 'es')).toBe(
      'El proveedor de pagos rechazó el reembolso: charge_already_refunded',
    );
  });
});
