import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminUserPage, ZAdminUsersQuery, ZRoleChange, ZRoleChangeResult, ZSecondFactorReset, ZSessionsEnded } from '@shared/admin-users';
import { currentUser, requireAdmin } from '@server/platform/auth/guards';
import { errorResponses } from '@server/platform/http/openapi';
import type { Services } from '@server/services';
import { changeUserRole, endUserSessions, listAdminUsers, resetUserSecondFactor } from './users.service';

const ZUserParams = z.object({ id: z.string().min(1).max(100) });

/** The Users page: accounts, roles and sessions. Administrators only: visitors 401, customers 403. */
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

    const changeErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'own_account', 'last_admin');
    app.patch(
      '/api/admin/users/:id/role',
      { schema: { params: ZUserParams, body: ZRoleChange, response: { 200: ZRoleChangeResult, ...changeErrors } } },
      async (request) => {
        const admin = currentUser(request);
        const result = await changeUserRole(db, services.config.APP_URL, { admin, targetId: request.params.id, isAdmin: request.body.isAdmin });
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
  };
