import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIntegrationsStatus } from '@shared/admin-users';
import { requireAdmin } from '@server/platform/auth/guards';
import { errorResponses } from '@server/platform/http/openapi';
import type { Services } from '@server/services';
import { integrationsStatus } from './integrations.service';

/** The Integrations page: read-only status, never a secret. Administrators only: visitors 401, customers 403. */
export const integrationRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function integrations(app) {
    app.addHook('onRequest', requireAdmin(services.auth));

    app.get('/api/admin/integrations', { schema: { response: { 200: ZIntegrationsStatus, ...errorResponses('unauthorized', 'forbidden') } } }, async () =>
      integrationsStatus(services),
    );
  };
