import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import { activityPageSize, ZActivityExportQuery, ZActivityPage, ZActivityQuery } from '@shared/activity';
import { ZTimeline } from '@shared/timeline';
import { currentUser, requireAdmin } from '@server/platform/auth/guards';
import { sendAttachment } from '@server/platform/http/attachment';
import { loggableFilters } from '@server/platform/http/log-redaction';
import { errorResponses, fileResponse } from '@server/platform/http/openapi';
import type { Services } from '@server/services';
import { activityCsv, listActivity } from './activity';
import { orderTimeline } from './order-timeline';

const ZOrderParams = z.object({ id: z.uuid('admin.orderNotFound') });

/** What the team did: across the site, and on one order. Administrators only: visitors 401, customers 403. */
export const activityRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function activity(app) {
    const { db } = services;
    app.addHook('onRequest', requireAdmin(services.auth));

    // what the team did across the site
    const listErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden');
    app.get('/api/admin/activity', { schema: { querystring: ZActivityQuery, response: { 200: ZActivityPage, ...listErrors } } }, async (request) =>
      listActivity(db, { ...request.query, limit: activityPageSize }),
    );
    app.get(
      '/api/admin/activity.csv',
      {
        schema: {
          querystring: ZActivityExportQuery,
          response: { 200: fileResponse('the filtered activity, newest first, as CSV (UTF-8 with a byte order mark)', ['text/csv']), ...listErrors },
        },
      },
      async (request, reply) => {
        const { lang, ...filters } = request.query;
        request.log.info({ filters: loggableFilters(filters), by: currentUser(request).id }, 'activity exported as CSV');
        return sendAttachment(
          reply,
          activityCsv(db, filters, lang, services.config.APP_URL),
          'text/csv; charset=utf-8',
          `activity-${new Date().toISOString().slice(0, 10)}.csv`,
        );
      },
    );

    const orderErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found');
    // the order's whole history, newest first
    app.get('/api/admin/orders/:id/timeline', { schema: { params: ZOrderParams, response: { 200: ZTimeline, ...orderErrors } } }, async (request) => {
      const timeline = await orderTimeline(db, request.params.id);
      if (!timeline) throw new AppError('not_found', 'admin.orderNotFound');
      return timeline;
    });
  };
