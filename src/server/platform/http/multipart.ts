import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '@shared/app-error';
import { assertStorableText } from './storable-text';
import { validationError } from './validation';

/** A route's own limits, where they differ from the app's (app.ts): the upload size stays the app's. */
export type MultipartLimits = { files?: number; fields?: number; parts?: number };

/*
 * A multipart body that busboy cannot parse (no boundary, an empty one, no closing
 * boundary, a part cut short) is the client's mistake, a 400. It used to be recognised by a
 * `@fastify/busboy` path in the error's stack, which the bundled server does not have. Here it is
 * recognised by what it is: an error that comes out of reading the request's parts, or out of a
 * part's file stream, while the request is being read. Our own errors (AppError) and the plugin's
 * own (which carry a status: 413 for a file too large) keep theirs.
 */

/** Errors raised by a file part's stream while the client's body was being read. */
const malformedBodies = new WeakSet<Error>();

/** True for an error that a part's stream raised because the body it was reading was malformed. */
export function isMalformedBody(error: unknown): boolean {
  return error instanceof Error && malformedBodies.has(error);
}

const hasStatus = (error: unknown) => error instanceof AppError || typeof (error as { statusCode?: unknown })?.statusCode === 'number';

/** The parser's own failure, as the client's error: a 400 in the usual shape. */
function asClientError(error: unknown): unknown {
  return hasStatus(error) ? error : new AppError('bad_request');
}

/**
 * The request's parts, as `request.parts()` gives them, but a failure to parse the body is a 400
 * (AppError 'bad_request') whether it surfaces while waiting for the next part or inside a file
 * part's stream (which then fails with an error the error handler answers 400).
 */
export async function* multipartParts(request: FastifyRequest, limits?: MultipartLimits): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = request.parts(limits ? { limits } : undefined);
  } catch (error) {
    throw asClientError(error);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw asClientError(error);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'file') {
      const mark = (error: Error | null | undefined) => {
        if (error && !hasStatus(error)) malformedBodies.add(error);
      };
      part.file.on('error', mark);
      // busboy may already have hit the body's end (it parses a whole chunk at once) and destroyed the part
      mark(part.file.errored);
    }
    yield part;
  }
}

/** The first file of a multipart request, as `request.file()` finds it (fields before it skipped); undefined when there is none. */
export async function firstFile(request: FastifyRequest): Promise<MultipartFile | undefined> {
  for await (const part of multipartParts(request)) if (part.type === 'file') return part;
  return undefined;
}

/**
 * A multipart field holding JSON, checked with the same schema a JSON body would be: not JSON is a
 * 400, a NUL byte is refused as everywhere, and the schema's issues are field errors.
 */
export function parseJsonField<T extends z.ZodType>(value: unknown, schema: T): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw new AppError('bad_request');
  }
  assertStorableText(json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}
