import { z } from 'zod';
import { passwordMaxLength } from './auth';

/*
 * "Your data, yours": a customer downloads everything the app holds of their account
 * (a ZIP prepared in the background, kept 24 hours), or deletes the account (docs/product.md,
 * "Your data: download and deletion").
 */

/** How long a prepared export can be downloaded, from the moment it is ready. */
export const dataExportHours = 24;

/**
 * How long a paid order of a deleted account is kept as the tax record (our policy, docs/product.md):
 * years after the order was paid.
 */
export const paidOrderRetentionYears = 7;

export const dataExportStatuses = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

export const ZDataExport = z.object({
  id: z.uuid(),
  status: z.enum(dataExportStatuses).describe('pending: being prepared; ready: downloadable until expiresAt; failed: start another'),
  createdAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().describe('after this the file is gone (404)'),
  sizeBytes: z.number().int().nullable().describe("the ZIP's size once ready"),
});
export type TDataExport = z.output<typeof ZDataExport>;

/** GET /api/me/data-exports: the caller's exports not yet expired, newest first. */
export const ZDataExportList = z.object({ exports: z.array(ZDataExport) });
export type TDataExportList = z.output<typeof ZDataExportList>;

/** POST /api/me/data-exports: the export just started. */
export const ZDataExportAnswer = z.object({ export: ZDataExport });
export type TDataExportAnswer = z.output<typeof ZDataExportAnswer>;

/**
 * DELETE /api/me: the current password, and a current second-factor code (an authenticator app's
 * six digits or a recovery code) when the account has one.
 */
export const ZDeleteAccount = z.object({
  password: z.string({ error: 'auth.passwordRequired' }).min(1, 'auth.passwordRequired').max(passwordMaxLength, 'auth.passwordTooLong'),
  code: z.string().trim().max(40, 'accountData.delete.codeInvalid').optional(),
});
export type TDeleteAccount = z.input<typeof ZDeleteAccount>;
