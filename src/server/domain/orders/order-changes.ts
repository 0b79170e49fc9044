import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';

/*
 * What an edit of an order changed: the customer's own edit of an unpaid order and an
 * administrator's correction both audit the fields that changed, the partner as one.
 */

export interface StoredPartner {
  fullName: string;
  email: string;
  phone: string;
  country: string;
  address: string;
}

const partnerFields = ['fullName', 'email', 'phone', 'country', 'address'] as const;

/** The order's partner, null when it has none (call it with the order's row locked). */
export async function readPartner(tx: Db, orderId: string): Promise<StoredPartner | null> {
  const [partner] = await tx
    .select({ fullName: partners.fullName, email: partners.email, phone: partners.phone, country: partners.country, address: partners.address })
    .from(partners)
    .where(eq(partners.orderId, orderId));
  return partner ?? null;
}

/** The order's partner becomes `partner` (none: removed). */
export async function replacePartner(tx: Db, orderId: string, partner: StoredPartner | null | undefined): Promise<void> {
  await tx.delete(partners).where(eq(partners.orderId, orderId));
  if (partner) await tx.insert(partners).values({ orderId, ...partner });
}

const samePartner = (a: StoredPartner | null | undefined, b: StoredPartner | null | undefined): boolean =>
  a && b ? partnerFields.every((field) => a[field] === b[field]) : !a && !b;

/** The fields of `next` whose value is not the stored row's (a missing value is null), then 'partner' when the partner changed. */
export function changedFields<T extends Record<string, unknown>>(
  row: Record<keyof T, unknown>,
  next: T,
  partner: { before: StoredPartner | null; after: StoredPartner | null | undefined },
): (keyof T | 'partner')[] {
  const changed: (keyof T | 'partner')[] = (Object.keys(next) as (keyof T)[]).filter((field) => (next[field] ?? null) !== row[field]);
  if (!samePartner(partner.before, partner.after)) changed.push('partner');
  return changed;
}
