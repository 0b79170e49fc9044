import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLaunchListSignup, ZLaunchListSummary } from '@shared/launch-list';
import { requireAdmin } from '../../platform/auth/guards';
import { sendAttachment } from '../../platform/http/attachment';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { joinLaunchList, launchListCount, launchListCsv } from './launch-list.service';
import { ZOk } from '@shared/api';

const launchListWindowMs = 15 * 60 * 1000;

/** The presale page's launch list: anyone joins; administrators count and export it. */
export const launchListRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function launchListFeature(app) {
    const { auth, config, db, rateLimiter } = services;

    app.post(
      '/api/launch-list',
      {
        schema: {
          body: ZLaunchListSignup,
          response: { 202: ZOk, ...errorResponses('validation_failed', 'forbidden', 'rate_limited') },
        },
      },
      async (request, reply) => {
        // a public form like the support form: bounded per IP, with the same limit
        await rateLimiter.hit(`launch-list:ip:${request.ip}`, { limit: config.SUPPORT_RATE_LIMIT, windowMs: launchListWindowMs });
        await joinLaunchList(db, request.body.email, request.body.language ?? 'en');
        return reply.status(202).send({ ok: true as const });
      },
    );

    const adminOnly = { onRequest: requireAdmin(auth) };
    app.get(
      '/api/admin/launch-list',
      { ...adminOnly, schema: { response: { 200: ZLaunchListSummary, ...errorResponses('unauthorized', 'forbidden') } } },
      async () => ({
        count: await launchListCount(db),
      }),
    );

    app.get(
      '/api/admin/launch-list.csv',
      {
        ...adminOnly,
        schema: {
          response: {
            200: fileResponse('UTF-8 with BOM: email, language, signed_up_at (ISO 8601), oldest first; streamed', ['text/csv']),
            ...errorResponses('unauthorized', 'forbidden'),
          },
        },
      },
      async (_request, reply) =>
        sendAttachment(reply, launchListCsv(db), 'text/csv; charset=utf-8', `launch-list-${new Date().toISOString().slice(0, 10)}.csv`),
    );
  };
