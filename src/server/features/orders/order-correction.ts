import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { countryName, nationalityName } from '@shared/countries';
import type { Language } from '@shared/languages';
import { correctedOrder, type CorrectableField, type TOrderCorrected, type ZOrderCorrection } from '@shared/order-correction';
import { formatPhone } from '@shared/phones';
import type { Db } from '@server/db/client';
import { orderAudit, orders } from '@server/db/schema';
import { publishOrderEvent } from '@server/domain/live-events';
import { changedFields, readPartner, replacePartner, type StoredPartner } from '@server/domain/orders/order-changes';
import { assertRequiredDocument, identityFilesOf } from '@server/domain/orders/identity-documents';
import { emailCustomer, orderCustomer, type OrderMailer } from '@server/domain/orders/order-emails';
import { refreshOrderPromise } from '@server/domain/orders/promise';
import { orderSearchText } from '@server/domain/search/order-search';
import { validationError } from '@server/platform/http/validation';
import { serverTexts } from '@server/platform/i18n/texts';

type Value = string | StoredPartner | null;
type Values = Partial<Record<CorrectableField, Value>>;

/** The changed fields' values, a missing one as null (the audit's before and after). */
const valuesOf = (changed: readonly CorrectableField[], source: Record<string, unknown>): Values =>
  Object.fromEntries(changed.map((field) => [field, (source[field] as Value | undefined) ?? null]));

/**
 * One "Field: old → new" line per change, in the customer's language: countries and nationality by
 * name, phones written out, the partner in full (any of its details may be the one that changed).
 */
export function changeLines(changed: readonly CorrectableField[], before: Values, after: Values, language: Language): string {
  const t = serverTexts(language, ['mail', 'admin']);
  const shown = (field: CorrectableField, value: Value | undefined): string => {
    if (value === null || value === undefined || value === '') return t('orderCorrected.none');
    if (typeof value !== 'string')
      return [value.fullName, value.email, formatPhone(value.phone), countryName(value.country, language), value.address].join(', ');
    if (field === 'phone') return formatPhone(value);
    if (field === 'addressCountry') return countryName(value, language);
    if (field === 'nationality') return nationalityName(value, language);
    return value;
  };
  return changed.map((field) => `${t(`admin:correction.fields.${field}`)}: ${shown(field, before[field])} → ${shown(field, after[field])}`).join('\n');
}

/**
 * PATCH /api/admin/orders/:id: an administrator corrects an order's data at any status.
 * The whole corrected order passes the wizard's schema in the order's own LLC state; with the row
 * locked, the fields that changed are written, audited with their old and new values and the
 * reason, and emailed to the customer, all in one transaction. Nothing changed is refused, and so
 * is a nationality that needs an identity document the order does not have.
 */
export async function correctOrder(
  db: Db,
  { mail, appUrl }: OrderMailer,
  { orderId, admin }: { orderId: string; admin: TSessionUser },
  { order, reason }: z.output<typeof ZOrderCorrection>,
): Promise<TOrderCorrected> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('not_found', 'admin.orderNotFound');
    const parsed = correctedOrder(order, row.llcState);
    if (!parsed.success) throw validationError(parsed.error.issues, ['order']);
    const { llcState: _state, partner, ...fields } = parsed.data;
    const previousPartner = await readPartner(tx, orderId);
    const changed = changedFields(row, fields, { before: previousPartner, after: partner });
    if (changed.length === 0) throw new AppError('validation_failed', 'admin.correction.unchanged');
    if (changed.includes('nationality')) assertRequiredDocument(fields.nationality, identityFilesOf(row));

    await tx
      .update(orders)
      .set({ ...fields, phone: fields.phone ?? null, searchText: orderSearchText({ id: orderId, ...fields }), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    if (changed.includes('partner')) await replacePartner(tx, orderId, partner);
    // the promised time depends on the nationality (US citizens: the state's approval; others: the EIN)
    if (changed.includes('nationality')) await refreshOrderPromise(tx, orderId);
    const before = valuesOf(changed, { ...row, partner: previousPartner });
    const after = valuesOf(changed, { ...fields, partner });
    await tx.insert(orderAudit).values({ orderId, action: 'order_corrected', actorId: admin.id, detail: { reason, changed, before, after } });
    await publishOrderEvent(tx, row, 'order');
    const customer = await orderCustomer(tx, orderId);
    if (customer)
      await emailCustomer(
        tx,
        { mail, appUrl },
        { orderId, customer, template: 'orderCorrected', news: { changes: changeLines(changed, before, after, customer.language), reason } },
      );
    return { changed };
  });
}
