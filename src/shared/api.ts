import { z } from 'zod';
import { errorCodes } from './error-codes';

/*
 * Answers every area of the API shares. Each area's own answers sit next to its request schemas
 * (orders.ts, admin.ts, auth.ts, payments.ts, support.ts, health.ts); the server declares them on
 * its routes and the OpenAPI document at /api/openapi.json is generated from the same schemas.
 */

/** Every 4xx and 5xx the API sends (AppError.toBody). */
export const ZApiErrorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string().describe('translation key, e.g. errors.not_found or auth.emailExists'),
    fields: z.record(z.string(), z.string()).optional().describe('field path -> translation key, for validation errors'),
  }),
});
export type TApiErrorBody = z.output<typeof ZApiErrorBody>;

export const ZOk = z.object({ ok: z.literal(true) });

/** A stored file sent as it is (never serialized: the server streams it). */
export const ZFileBody = z.string().meta({ format: 'binary' });

/** The OpenAPI document itself: only its frame is checked, the rest passes through. */
export const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
