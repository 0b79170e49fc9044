import { z } from 'zod';
import { identityDocuments } from './order-model';

/** Issue 33: every time an administrator opened a customer's identity document. */
export const ZIdentityView = z.object({
  id: z.string(),
  document: z.enum(identityDocuments),
  /** the administrator's name when they looked (the account may be gone since) */
  viewerName: z.string(),
  viewerId: z.string().nullable(),
  /** the request's address as the server saw it (behind a proxy: with TRUST_PROXY) */
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TIdentityView = z.output<typeof ZIdentityView>;

/** The most views GET /api/admin/orders/:id/identity-views answers, newest first. */
export const identityViewsShown = 500;

/** GET /api/admin/orders/:id/identity-views: the access log of the order's identity documents, newest first. */
export const ZIdentityViewList = z.object({ views: z.array(ZIdentityView) });
export type TIdentityViewList = z.output<typeof ZIdentityViewList>;
