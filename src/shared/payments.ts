import { z } from 'zod';
import { languages } from './languages';
import { ZOrderDetail } from './orders';

/** GET /api/services/standard-formation: the package and its price (docs/product.md, "API endpoints"). */
export const ZServiceAnswer = z.object({ service: z.object({ slug: z.string(), name: z.string(), priceCents: z.number().int() }) });
export type TService = z.output<typeof ZServiceAnswer>['service'];

export { termsVersion } from './legal';

/** POST /api/orders/:id/checkout body: the Terms and Refund Policy accepted, 18 or older (docs/product.md, "Constants and limits"). */
export const ZCheckoutConsent = z.object({
  acceptTerms: z.literal(true, 'payment.acceptTermsRequired'),
  confirmAdult: z.literal(true, 'payment.confirmAdultRequired'),
});
export type TCheckoutConsent = z.output<typeof ZCheckoutConsent>;

/** POST /api/orders/:id/checkout: where the provider's hosted checkout waits. */
export const ZCheckoutSession = z.object({ url: z.url() });

/** GET /api/payments/result: the order paid with the checkout session. */
export const ZPaymentResult = z.object({ order: ZOrderDetail });
export const ZPaymentResultQuery = z.object({ session_id: z.string().min(1).max(300) });

/** GET /api/orders/:id/receipt */
export const ZReceiptQuery = z.object({ lang: z.enum(languages).optional().describe('the language of the receipt; unset: the customer’s stored language') });

/**
 * What the webhook did with an event; a duplicate delivery changes nothing. `mismatch` (amount or
 * currency), `not_paid` and `duplicate_payment` (a second paid session of a paid order) leave the
 * order as it was and put it on the administrators' review list (docs/decisions/0010), as does
 * `refund_reversed` (a refund that had succeeded failed afterwards: the customer was not paid back).
 */
const paymentOutcomes = [
  'paid',
  'duplicate',
  'ignored',
  'unknown_order',
  'not_paid',
  'mismatch',
  'duplicate_payment',
  'refunded',
  'refund_failed',
  'refund_reversed',
  'unknown_refund',
] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

export const ZWebhookReceipt = z.object({ received: z.literal(true), outcome: z.enum(paymentOutcomes) });
