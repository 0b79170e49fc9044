import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZQueue, ZQueueQuery } from '@shared/queue';
import { promiseHoursOf } from '@server/config';
import { ownerId } from '@server/domain/assignment';
import { currentUser, requireAdmin } from '@server/platform/auth/guards';
import { errorResponses } from '@server/platform/http/openapi';
import type { Services } from '@server/services';
import { adminQueue } from './queue.service';

/** The team's queue. Administrators only: visitors 401, customers 403. */
export const queueRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function queue(app) {
    const { db, config } = services;
    // onRequest: a visitor gets 401, and an administrator without a second factor 403, before the query is read
    app.addHook('onRequest', requireAdmin(services.auth));
    const listErrors = errorResponses('bad_request', 'validation_failed', 'unauthorized', 'forbidden');

    // the team's queue at /admin, counted against the configured promises
    app.get(
      '/api/admin/queue',
      {
        schema: {
          querystring: ZQueueQuery,
          description:
            'Due today, overdue, unassigned, waiting on the customer, payment reviews and holds: each section’s count and first items, most urgent first.',
          response: { 200: ZQueue, ...listErrors },
        },
      },
      async (request) =>
        adminQueue(db, {
          now: new Date(),
          hours: promiseHoursOf(config),
          owner: ownerId(request.query.owner, currentUser(request)),
          limit: request.query.limit,
        }),
    );
  };
