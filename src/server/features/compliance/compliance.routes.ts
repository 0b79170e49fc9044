import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZComplianceAnswer, ZMarkDone } from '@shared/compliance/api';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { getCompliance, markDone } from './compliance.service';

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });

/** An order's compliance calendar; its owner or an administrator reads it and marks deadlines done (anyone else: 404). */
export const complianceRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function compliance(app) {
    const { db } = services;
    app.addHook('preHandler', requireUser(services.auth));

    app.get(
      '/api/orders/:id/compliance',
      { schema: { params: ZOrderParams, response: { 200: ZComplianceAnswer, ...errorResponses('validation_failed', 'unauthorized', 'not_found') } } },
      async (request) => getCompliance(db, request.params.id, currentUser(request)),
    );

    app.post(
      '/api/orders/:id/compliance/done',
      {
        schema: {
          params: ZOrderParams,
          body: ZMarkDone,
          response: { 200: ZComplianceAnswer, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict') },
        },
      },
      async (request) => markDone(db, { orderId: request.params.id, viewer: currentUser(request) }, request.body),
    );
  };
