import { z } from 'zod';
import { clientErrorKinds, clientErrorLimits, type TClientError } from './index';

export const ZClientError = z
  .object({
    kind: z.enum(clientErrorKinds),
    name: z.string().max(clientErrorLimits.name),
    message: z.string().max(clientErrorLimits.message),
    stack: z.string().max(clientErrorLimits.stack),
    path: z
      .string()
      .regex(/^\/[^?#]*$/)
      .max(clientErrorLimits.path),
  })
  .strict() satisfies z.ZodType<TClientError>;
