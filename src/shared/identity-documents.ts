import { z } from 'zod';
import { identityDocuments } from './order-model';

/** What the access log records an administrator opening: an identity document, or a file the customer sent in the order's thread. */
export const viewedFiles = [...identityDocuments, 'threadFile'] as const;
export type ViewedFile = (typeof viewedFiles)[number];

/** Every time an administrator opened a customer's identity document or a file they sent in the thread. */
export const ZIdentityView = z.object({
  id: z.string(),
  document: z.enum(viewedFiles),
  /** a thread file's name when it was opened (null for an identity document) */
  fileName: z.string().nullable(),
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
