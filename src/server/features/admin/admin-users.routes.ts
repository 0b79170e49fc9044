import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminUserPage, ZAdminUsersQuery, ZIntegrationsStatus, ZRoleChange, ZRoleChangeResult, ZSecondFactorReset, ZSessionsEnded } from '@shared/admin-users';
import { activityPageSize, ZActivityExportQuery, ZActivityPage, ZActivityQuery } from '@shared/activity';
import { currentUser, requireAdmin } from '../../platform/auth/guards';
import { sendAttachment } from '../../platform/http/attachment';
import { loggableFilters } from '../../platform/http/log-redaction';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { activityCsv, listActivity } from './activity';
import { changeUserRole, endUserSessions, listAdminUsers, resetUserSecondFactor } from './admin-users.service';
import { integrationsStatus } from './integrations.service';

const ZUserParams = z.object({ id: z.string().min(1).max(100) });

/** The Users, Activity and Integrations pages. Administrators only: visitors 401, customers 403. */
export const adminUserRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function adminUsers(app) {
    const { db } = services;
    // onRequest: a visitor gets 401 before the query string or body is even looked at
    app.addHook('onRequest', requireAdmin(services.auth));

    app.get(
      '/api/admin/users',
      { schema: { querystring: ZAdminUsersQuery, response: { 200: ZAdminUserPage, ...errorResponses('validation_failed', 'unauthorized', 'forbidden') } } },
      async (request) => listAdminUsers(db, request.query),
    );

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

    const changeErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'own_account', 'last_admin');
    app.patch(
      '/api/admin/users/:id/role',
      { schema: { params: ZUserParams, body: ZRoleChange, response: { 200: ZRoleChangeResult, ...changeErrors } } },
      async (request) => {
        const admin = currentUser(request);
        const result = await changeUserRole(db, services.config.APP_URL, admin, request.params.id, request.body.isAdmin);
        request.log.info({ targetId: result.id, isAdmin: result.isAdmin, changed: result.changed, by: admin.id }, 'account role set by an administrator');
        return result;
      },
    );

    app.post('/api/admin/users/:id/end-sessions', { schema: { params: ZUserParams, response: { 200: ZSessionsEnded, ...changeErrors } } }, async (request) => {
      const admin = currentUser(request);
      const result = await endUserSessions(db, admin, request.params.id);
      request.log.info({ targetId: result.id, ended: result.ended, by: admin.id }, 'account sessions ended by an administrator');
      return result;
    });

    app.post(
      '/api/admin/users/:id/reset-two-factor',
      { schema: { params: ZUserParams, response: { 200: ZSecondFactorReset, ...changeErrors } } },
      async (request) => {
        const admin = currentUser(request);
        const result = await resetUserSecondFactor(db, services.config.APP_URL, admin, request.params.id);
        request.log.info({ targetId: result.id, by: admin.id }, 'second factor reset by an administrator');
        return result;
      },
    );

    app.get('/api/admin/integrations', { schema: { response: { 200: ZIntegrationsStatus, ...errorResponses('unauthorized', 'forbidden') } } }, async () =>
      integrationsStatus(services),
    );
  };
