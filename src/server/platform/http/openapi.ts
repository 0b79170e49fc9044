import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiErrorBody, ZFileBody, ZOpenApiDocument } from '@shared/api';
import { errorStatus, type ErrorCode } from '@shared/error-codes';
import { version } from '../../../../package.json';

const openApiPath = '/api/openapi.json';

const errorDescriptions: Record<ErrorCode, string> = {
  bad_request: 'malformed request',
  validation_failed: 'a field is invalid (error.fields names each)',
  unauthorized: 'not signed in',
  forbidden: 'not allowed, or a state change sent from another site',
  second_factor_required: 'an administrator must set up a second factor first (POST /api/me/two-factor/enable)',
  not_found: 'no such resource, or not the caller’s',
  conflict: 'conflicts with the current state',
  gone: 'the link was used, replaced or has expired',
  last_admin: 'the only administrator cannot be demoted',
  own_account: 'not on one’s own account',
  payload_too_large: 'the upload is too large',
  unsupported_media_type: 'not multipart, or a file of a type not accepted',
  rate_limited: 'too many attempts; try again later',
  internal: 'unexpected server error',
  unavailable: 'a dependency is unavailable',
  insufficient_storage: 'no room left to store the upload; nothing was kept',
};

type ErrorResponse = { description: string; content: { 'application/json': { schema: typeof ZApiErrorBody } } };

/**
 * The error answers of a route, by code: `{ 401: …, 404: … }`, each the shared error body.
 * Declared like every other answer, so the error handler's bodies go through the same schema.
 */
export function errorResponses<const C extends ErrorCode[]>(...codes: C): { [S in (typeof errorStatus)[C[number]]]: ErrorResponse } {
  const responses: Record<number, ErrorResponse> = {};
  for (const code of codes) {
    const status = errorStatus[code];
    const description = [responses[status]?.description, errorDescriptions[code]].filter(Boolean).join('; ');
    responses[status] = { description, content: { 'application/json': { schema: ZApiErrorBody } } };
  }
  return responses as { [S in (typeof errorStatus)[C[number]]]: ErrorResponse };
}

/** A stored file streamed as it is, in one of these content types. */
export function fileResponse(description: string, contentTypes: readonly string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: ZFileBody }])) };
}

/** An answer without a body, e.g. 204; with `location`, a redirect to it. */
export function emptyResponse(description: string, location?: string) {
  return z
    .undefined()
    .meta({ description, ...(location ? { headers: { location: { type: 'string', format: 'uri-reference', description: location } } } : {}) });
}

/**
 * Collects every route (from here on) into an OpenAPI 3.1 document generated from the routes' zod
 * schemas, served at /api/openapi.json. Register before any route.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Frontera API',
        version,
        description: 'US LLC formation and EIN. Errors are `{ error: { code, message, fields? } }`; messages are translation keys.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(openApiRoute);
}

const openApiRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(openApiPath, { schema: { response: { 200: ZOpenApiDocument } } }, async (_request, reply) => {
    // the same for every visitor and for the life of the process
    reply.header('cache-control', 'public, max-age=3600');
    return app.swagger() as z.output<typeof ZOpenApiDocument>;
  });
};
