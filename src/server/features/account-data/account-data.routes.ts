import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDataExportAnswer, ZDataExportList, ZDeleteAccount } from '@shared/account-data';
import { AppError } from '@shared/app-error';
import { users } from '../../db/schema';
import { authHeaders, authLimits, forwardCookies } from '../../platform/auth/auth-http';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { emptyResponse, errorResponses, fileResponse } from '../../platform/http/openapi';
import { StorageNotFoundError, type Storage } from '../../platform/storage/storage';
import type { Services } from '../../services';
import { deleteAccount } from './account-deletion';
import { downloadableExport, listDataExports, startDataExport } from './data-export';

/** Whether `code` is a current code of the signed-in caller's factor (used up if it is one). */
export type SecondFactorCheck = (request: FastifyRequest, userId: string, code: string) => Promise<boolean>;

/** A prepared export, decrypted as it streams: a download (never shown inline), never sniffed or cached. */
async function sendZip(reply: FastifyReply, storage: Storage, key: string, fileName: string) {
  let stream;
  try {
    stream = await storage.get(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('not_found', 'accountData.export.notFound');
    throw error;
  }
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .send(stream);
}

const ZExportParams = z.object({ id: z.uuid('errors.not_found') });

const wrongPassword = () => new AppError('validation_failed', 'errors.validation_failed', { password: 'accountData.delete.wrongPassword' });
const codeError = (key: string) => new AppError('validation_failed', 'errors.validation_failed', { code: key });

/**
 * "Your data, yours": the caller's data exports, and the deletion of their account.
 * The second factor's check comes from the security feature, composed in app.ts.
 */
export const accountDataRoutes = (services: Services, { verifySecondFactor }: { verifySecondFactor: SecondFactorCheck }): FastifyPluginAsyncZod =>
  async function accountData(app) {
    const { auth, db, storage, rateLimiter, config } = services;
    const { window, limitAccount } = authLimits(services);
    app.addHook('onRequest', requireUser(auth));

    app.post(
      '/api/me/data-exports',
      { schema: { response: { 202: ZDataExportAnswer, ...errorResponses('unauthorized', 'forbidden', 'conflict', 'rate_limited') } } },
      async (request, reply) => {
        const user = currentUser(request);
        // each export reads every row and file of the account: a few an hour is plenty
        await rateLimiter.hit(`data-export:${user.id}`, { ...window, limit: config.AUTH_RATE_LIMIT_ACCOUNT });
        const started = await startDataExport(db, user.id);
        request.log.info({ exportId: started.id }, 'data export requested');
        return reply.status(202).send({ export: started });
      },
    );

    app.get('/api/me/data-exports', { schema: { response: { 200: ZDataExportList, ...errorResponses('unauthorized') } } }, async (request) => ({
      exports: await listDataExports(db, currentUser(request).id),
    }));

    app.get(
      '/api/me/data-exports/:id/file',
      {
        schema: {
          params: ZExportParams,
          response: {
            200: fileResponse('the ZIP: account.json and the files/ folder', ['application/zip']),
            ...errorResponses('validation_failed', 'unauthorized', 'not_found'),
          },
        },
      },
      async (request, reply) => {
        const { storageKey, fileName } = await downloadableExport(db, currentUser(request).id, request.params.id);
        return sendZip(reply, storage, storageKey, fileName);
      },
    );

    app.post(
      '/api/me/delete',
      {
        schema: {
          body: ZDeleteAccount,
          response: {
            204: emptyResponse('the account is deleted and the session cookie cleared'),
            ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'last_admin', 'rate_limited'),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { password, code } = request.body;
        // guessed like a sign-in's password: the same counters
        await limitAccount(request, user.email);
        try {
          await auth.api.verifyPassword({ body: { password }, headers: authHeaders(request) });
        } catch (error) {
          if (error instanceof APIError && (error.statusCode === 400 || error.statusCode === 401)) throw wrongPassword();
          throw error;
        }
        const [account] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
        if (!account) throw new AppError('unauthorized');
        if (account.twoFactorEnabled) {
          if (!code) throw codeError('accountData.delete.codeRequired');
          if (!(await verifySecondFactor(request, user.id, code))) throw codeError('accountData.delete.codeWrong');
        }

        const deleted = await deleteAccount(db, { mail: services.mail, supportEmail: config.SUPPORT_EMAIL }, user.id);
        request.log.info({ paidOrdersKept: deleted.paidOrdersKept, unpaidOrdersDeleted: deleted.unpaidOrdersDeleted }, 'account deleted');
        // after the commit; a file left behind is unreferenced, and the orphan sweeper takes it later
        await Promise.all(
          deleted.keys.map((key) =>
            storage.delete(key).catch((error: unknown) => request.log.warn({ err: error }, 'account deletion: could not delete a file')),
          ),
        );
        // a checkout left open must not take money for an order that is gone (as DELETE /api/orders/:id)
        for (const paymentId of deleted.paymentIds) {
          await services.payments
            .expireSession(paymentId)
            .catch((error: unknown) => request.log.warn({ err: error }, 'account deletion: could not expire a checkout session'));
        }
        // the session row is gone with the account: Better Auth's sign-out only clears the cookies
        const { headers } = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
        forwardCookies(reply, headers);
        return reply.status(204).send();
      },
    );
  };
