import type { z } from 'zod';
import { AppError } from '@shared/app-error';

/**
 * A schema's issues as the API's 400 (`validation_failed`): one message key per field, the first
 * issue's, its path joined with dots after `prefix` (where the checked value sits in the body);
 * a message that is not a translation key reads as errors.invalidValue.
 */
export function validationError(issues: z.ZodError['issues'], prefix: readonly PropertyKey[] = []): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[[...prefix, ...issue.path].join('.') || '_'] ??= issue.message.includes('.') ? issue.message : 'errors.invalidValue';
  return new AppError('validation_failed', 'errors.validation_failed', fields);
}
