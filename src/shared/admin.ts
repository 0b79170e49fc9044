import { z } from 'zod';
import { orderStatuses, type OrderStatus } from './order-status';
import type { TOrderDetail } from './orders';

/** SPEC section 4: administrators may set any of the four statuses, in any order. */
export const ZStatusChange = z.object({ status: z.enum(orderStatuses, { error: 'admin.invalidStatus' }) });
export type TStatusChange = z.infer<typeof ZStatusChange>;

export const adminPageSize = 50;

export const ZAdminOrdersQuery = z.object({
  q: z.string().trim().max(100).optional().transform((value) => value || undefined),
  limit: z.coerce.number().int().min(1).max(100).default(adminPageSize),
  /** opaque keyset cursor from the previous page */
  cursor: z.string().max(200).optional(),
});

/** A row of GET /api/admin/orders (docs/product.md). */
export interface TAdminOrderRow {
  id: string;
  organizerName: string;
  email: string;
  nationality: string;
  orderAmountPaid: number | null;
  status: OrderStatus;
  createdAt: string;
}

export interface TAdminOrderPage {
  orders: TAdminOrderRow[];
  /** matches in all; counted on the first page only (null when a cursor was given) */
  total: number | null;
  nextCursor: string | null;
}

export interface TStatusHistoryEntry {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  source: 'admin' | 'payment' | 'system';
  changedBy: string | null;
  createdAt: string;
}

export interface TAdminOrderDetail {
  order: TOrderDetail & { paymentId: string | null; customer: { id: string; name: string; email: string } };
  history: TStatusHistoryEntry[];
}

/** SPEC section 9: administrators add pdf, doc, docx, jpg, jpeg, png. */
export const adminUploadExtensions = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'] as const;
export const adminUploadAccept = adminUploadExtensions.join(',');
