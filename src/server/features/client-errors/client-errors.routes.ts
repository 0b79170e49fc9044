import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZClientError } from '@shared/client-errors/api';
import { emptyResponse, errorResponses } from '../../platform/http/openapi';
import type { ErrorReporter } from '../../platform/observability/error-reporting';

/**
 * POST /api/client-errors: an error a browser hit, forwarded to SENTRY_DSN scrubbed as
 * the server's own (ErrorReporter.captureBrowser), within its rate. The browser posts to its own
 * origin: no DSN, key or third-party script on the page. 204 whether or not a DSN is set, so a
 * page need not know; nothing is stored or logged.
 */
export const clientErrorRoutes = (reporter: ErrorReporter | undefined): FastifyPluginAsyncZod =>
  async function clientErrors(app) {
    app.post(
      '/api/client-errors',
      {
        bodyLimit: 16 * 1024,
        schema: { body: ZClientError, response: { 204: emptyResponse('received (forwarded when SENTRY_DSN is set)'), ...errorResponses('validation_failed') } },
      },
      async (request, reply) => {
        reporter?.captureBrowser(request.body, request.id);
        return reply.code(204).send();
      },
    );
  };
