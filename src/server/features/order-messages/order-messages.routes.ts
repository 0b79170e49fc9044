import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessageInput, ZOrderMessage, ZOrderThread, ZUnreadMessages } from '@shared/order-messages';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { emptyResponse, errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { listThread, markThreadRead, postMessage, unreadMessages } from './order-messages.service';

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });
const threadWindowMs = 10 * 60_000;

/** The order's thread (issue 34): its owner and administrators only; anyone else gets 404, as for the order. */
export const orderMessageRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function orderMessages(app) {
    const { db, config, mail, rateLimiter } = services;
    const signedIn = requireUser(services.auth);
    const settings = { mail, appUrl: config.APP_URL, teamEmail: config.SUPPORT_EMAIL, delaySeconds: config.MESSAGE_EMAIL_DELAY_SECONDS };

    app.get('/api/orders/:id/messages', { preHandler: signedIn, schema: { params: ZOrderParams, response: { 200: ZOrderThread, ...errorResponses('validation_failed', 'unauthorized', 'not_found') } } }, async (request) =>
      listThread(db, request.params.id, currentUser(request)),
    );

    app.post(
      '/api/orders/:id/messages',
      { preHandler: signedIn, schema: { params: ZOrderParams, body: ZMessageInput, response: { 201: z.object({ message: ZOrderMessage }), ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'rate_limited') } } },
      async (request, reply) => {
        const user = currentUser(request);
        await rateLimiter.hit(`messages:user:${user.id}`, { windowMs: threadWindowMs, limit: config.MESSAGE_RATE_LIMIT });
        const message = await postMessage(db, settings, request.params.id, user, request.body.body);
        return reply.status(201).send({ message });
      },
    );

    app.post(
      '/api/orders/:id/messages/read',
      { preHandler: signedIn, schema: { params: ZOrderParams, response: { 204: emptyResponse('the other side’s messages are read'), ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found') } } },
      async (request, reply) => {
        await markThreadRead(db, request.params.id, currentUser(request));
        return reply.status(204).send();
      },
    );

    app.get('/api/me/messages/unread', { preHandler: signedIn, schema: { response: { 200: ZUnreadMessages, ...errorResponses('unauthorized') } } }, async (request) => ({
      unread: await unreadMessages(db, currentUser(request)),
    }));
  };
