import { z } from 'zod';
import { ZOrderFields, ZOrderInput } from './orders';

/*
 * An administrator corrects an order's data at any status, with a reason. The order is
 * the wizard's, but for the LLC state (it sets the price, so it is not corrected), and it passes
 * the wizard's own schema in the order's stored state: correctedOrder(). Messages are translation keys.
 */

/** What a correction may change, in the order the email and the audit list them. */
const correctableFields = [
  'companyName1',
  'companyName2',
  'companyName3',
  'organizerName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'addressCity',
  'addressState',
  'addressZip',
  'addressCountry',
  'nationality',
  'partner',
] as const;
export type CorrectableField = (typeof correctableFields)[number];

export const correctionReasonMax = 500;

const ZCorrectionReason = z
  .string({ error: 'admin.correction.reasonRequired' })
  .trim()
  .min(1, 'admin.correction.reasonRequired')
  .max(correctionReasonMax, 'admin.correction.reasonTooLong');

/** PATCH /api/admin/orders/:id: the whole corrected order (each field checked on its own here) and why. */
export const ZOrderCorrection = z.object({
  order: ZOrderFields.omit({ llcState: true }).extend({
    // refused rather than ignored: a client that sends it expects a change that will not happen
    llcState: z.undefined({ error: 'admin.correction.stateNotCorrected' }).optional(),
  }),
  reason: ZCorrectionReason,
});
export type TOrderCorrection = z.input<typeof ZOrderCorrection>;

/** The corrected order checked by the wizard's schema in the order's own LLC state: names per state, phones per country, the partner. */
export function correctedOrder(order: z.output<typeof ZOrderCorrection>['order'], llcState: string) {
  return ZOrderInput.safeParse({ ...order, llcState });
}

/**
 * The correction form's values, checked as the server will: the order as the wizard's form holds
 * it (with the order's own LLC state, which the form does not change) and the reason.
 */
export const ZCorrectionForm = ZOrderInput.and(z.object({ reason: ZCorrectionReason }));

/** The answer: the fields that changed (the partner counts as one field). */
export const ZOrderCorrected = z.object({ changed: z.array(z.enum(correctableFields)) });
export type TOrderCorrected = z.output<typeof ZOrderCorrected>;
