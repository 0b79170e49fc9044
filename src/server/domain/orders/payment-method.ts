import { and, eq } from 'drizzle-orm';
import type { Language } from '@shared/languages';
import type { Db } from '../../db/client';
import { paymentEvents, type orders } from '../../db/schema';
import { serverTexts } from '../../platform/i18n/texts';

/*
 * How an order was paid, as the receipt (features/payments) and the data export's summary
 * (features/account-data) both say it: the card the provider reported when the payment was
 * applied (orders.payment_card_brand / _last4), or the built-in test provider's payment, which
 * takes no card.
 */

/** A card as the provider reported it (either part may be unknown: then it is a "Card"), or the test provider's payment. */
export type PaymentMethod = { kind: 'card'; brand: string | null; last4: string | null } | { kind: 'test' };

type OrderRow = typeof orders.$inferSelect;

/** The order's payment method: its recorded card, else the test provider's payment if that provider applied it, else a card not told of. */
export async function paymentMethodOf(db: Db, order: Pick<OrderRow, 'id' | 'paymentCardBrand' | 'paymentCardLast4'>): Promise<PaymentMethod> {
  if (order.paymentCardBrand || order.paymentCardLast4) return { kind: 'card', brand: order.paymentCardBrand, last4: order.paymentCardLast4 };
  const [applied] = await db
    .select({ provider: paymentEvents.provider })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.outcome, 'paid')))
    .limit(1);
  return applied?.provider === 'test' ? { kind: 'test' } : { kind: 'card', brand: null, last4: null };
}

/** The brands named as their owners spell them (Stripe's list, in the receipt catalogue); another brand is a "Card". */
const cardBrands = ['amex', 'cartes_bancaires', 'diners', 'discover', 'eftpos_au', 'jcb', 'link', 'mastercard', 'unionpay', 'visa'] as const;
const isCardBrand = (brand: string | null): brand is (typeof cardBrands)[number] => (cardBrands as readonly (string | null)[]).includes(brand);

/** "Visa ending in 4242", "Visa", "Card ending in 4242", "Card", or the test payment's line, in `language` (the receipt catalogue). */
export function paymentMethodText(method: PaymentMethod, language: Language): string {
  const t = serverTexts(language, 'receipt');
  if (method.kind === 'test') return t('testPayment');
  const brand = isCardBrand(method.brand) ? t(`cardBrands.${method.brand}`) : t('card');
  return method.last4 ? t('cardEnding', { brand, last4: method.last4 }) : brand;
}
