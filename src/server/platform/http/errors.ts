import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '@shared/app-error';
import { errorStatus, type ErrorCode } from '@shared/error-codes';
import { isMalformedBody } from './multipart';
import type { ErrorReporter } from '../observability/error-reporting';
import { unavailableCause } from './overload';

/** Our zod messages are translation keys ('auth.emailRequired'); anything else becomes a generic key. */
const translationKey = /^[a-z][a-zA-Z]*\.[a-zA-Z0-9_.]+$/;

function toFieldErrors(validation: { instancePath: string; message?: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[field] ??= issue.message && translationKey.test(issue.message) ? issue.message : 'errors.invalidValue';
  }
  return fields;
}

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, s]) => s === status);
  return match ? match[0] : status >= 500 ? 'internal' : 'bad_request';
}

/**
 * One JSON error shape for every failure: `{ error: { code, message, fields? } }`.
 * Client mistakes keep their 4xx status; anything unexpected is a 500 without details.
 */
export function registerErrorHandling(app: FastifyInstance, reporter?: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // refused before the body was read whole (a file of the wrong type, a full disk): the rest of
    // it would sit unread on a keep-alive connection and the next request behind it would never be
    // answered, so the connection closes after this answer (the client opens a new one)
    if (request.raw.complete === false) reply.header('connection', 'close');
    // no connection in time or too much work (overload.ts), whichever layer wrapped the error (drizzle, the auth library)
    const unavailable = unavailableCause(error);
    if (unavailable) {
      request.log.warn({ err: unavailable.reason }, 'unavailable (database or overload): answered 503');
      return reply.status(503).header('retry-after', String(unavailable.retryAfterSeconds)).send(unavailable.toBody());
    }
    if (error instanceof AppError) {
      // every rate-limited route says when to come back, and so does a 503 of the rate limits' store
      if ('retryAfterSeconds' in error) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = new AppError('validation_failed', 'errors.validation_failed', toFieldErrors(error.validation));
      return reply.status(400).send(body.toBody());
    }
    const status = error.statusCode ?? (isMalformedBody(error) ? 400 : 500);
    if (status >= 400 && status < 500) {
      const code = codeForStatus(status);
      return reply.status(status).send(new AppError(code).toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    reporter?.capture(error, { method: request.method, route: request.routeOptions.url ?? 'unmatched', path: request.url.split('?')[0]!, id: request.id });
    return reply.status(500).send(new AppError('internal').toBody());
  });
}
