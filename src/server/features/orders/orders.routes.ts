import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import { ZOrderAnswer, ZOrderCreated, ZOrderDocumentList, ZOrderList, type TOrderSummary } from '@shared/orders';
import { UserCache } from '../../db/user-changes';
import { currentUser, requireUser, requireUserFrom } from '../../platform/auth/guards';
import type { JoinedRead } from '../../platform/auth/session-lookup';
import { emptyResponse, errorResponses, fileResponse } from '../../platform/http/openapi';
import { multipartParts } from '../../platform/http/multipart';
import { fileTypes } from '../../platform/storage/file-type';
import { sendStoredFile } from '../../platform/storage/send-file';
import { sendAttachment } from '../../platform/http/attachment';
import { bankPack } from './bank-pack';
import type { Services } from '../../services';
import { receiveOrderSubmission, removeFiles } from './order-submission';
import { discardOrder, unpaidOrder, updateOrder } from './unpaid-order.service';
import { getOrderDetail } from '../../domain/orders/order-access';
import { createOrder, findViewableDocument, listOrderDocuments, listOrders, listOrdersWithSession } from './orders.service';

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });
/** an id that is not a uuid is a 400; an order that is not the caller's, a 404 like a missing one */
const readErrors = errorResponses('validation_failed', 'unauthorized', 'not_found');

/**
 * GET /api/orders, the dashboard's list and the signed-in API's busiest read, outside the guarded
 * plugin below: it reads the session and the list together, from this instance's
 * caches once they are known fresh (db/user-changes.ts), else in one round trip. A visitor, or a
 * session Better Auth must refresh or clear, goes through the same guard as every other route.
 */
export const orderListRoute = (services: Services): FastifyPluginAsyncZod =>
  async function orderList(app) {
    const { db, auth } = services;
    const lists: JoinedRead<TOrderSummary> = {
      // the list reads `orders` alone, whose trigger notes every change (drizzle/0012): a column from another table needs that table's trigger too
      cache: new UserCache(services.freshness),
      withSession: (token) => listOrdersWithSession(db, token),
      of: (userId) => listOrders(db, userId),
    };
    app.get('/api/orders', { schema: { response: { 200: ZOrderList, ...errorResponses('unauthorized') } } }, async (request, reply) => {
      const found = await auth.lookupSessionWith(request.cookies, lists);
      if (found.kind === 'user') return { orders: found.items };
      // the same verdict the guard gives, without looking the session up a second time
      const user = await requireUserFrom(found, auth, request, reply);
      return { orders: await listOrders(db, user.id) };
    });
  };

/** Customer order endpoints; every read checks the owner (administrators may read any). */
export const orderRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function orders(app) {
    const { db, storage } = services;
    app.addHook('preHandler', requireUser(services.auth));

    const newOrder = {
      // the parts stream to storage as they arrive, so they are read in the handler, not by a body schema
      description:
        'multipart/form-data: an `order` field (the order as JSON) and at most one file (pdf, jpg, png) per identity document: ssnDoc, passport, otherId.',
      response: {
        201: ZOrderCreated,
        ...errorResponses(
          'bad_request',
          'validation_failed',
          'unauthorized',
          'forbidden',
          'payload_too_large',
          'unsupported_media_type',
          'insufficient_storage',
        ),
      },
    };
    app.post('/api/orders', { schema: newOrder }, async (request, reply) => {
      const user = currentUser(request);
      const submission = await receiveOrderSubmission(multipartParts(request), storage);
      try {
        const order = await createOrder(
          db,
          {
            sanctioned: services.config.SANCTIONED_NATIONALITIES,
            mailer: {
              mail: services.mail,
              appUrl: services.config.APP_URL,
            },
          },
          user.id,
          submission,
        );
        request.log.info({ orderId: order.id }, 'order created');
        return reply.status(201).send({ order });
      } catch (error) {
        // nothing half-written: the transaction rolled back, so the files go too
        await removeFiles(storage, submission.files);
        throw error;
      }
    });

    const editedOrder = {
      params: ZOrderParams,
      description:
        'The owner rewrites an unpaid order. Multipart like POST /api/orders, plus an optional `keep` field (JSON array of identity documents on file to keep; any other not sent again is removed). 409 once the order is paid or moving.',
      response: {
        200: ZOrderCreated,
        ...errorResponses(
          'bad_request',
          'validation_failed',
          'unauthorized',
          'not_found',
          'conflict',
          'payload_too_large',
          'unsupported_media_type',
          'insufficient_storage',
        ),
      },
    };
    app.put('/api/orders/:id', { schema: editedOrder }, async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      // refused before any file is stored; the transaction checks again under the row lock
      await unpaidOrder(db, request.params.id, user.id);
      const submission = await receiveOrderSubmission(multipartParts(request), storage, request.params.id);
      let edited: Awaited<ReturnType<typeof updateOrder>>;
      try {
        edited = await updateOrder(db, user.id, submission, services.config.SANCTIONED_NATIONALITIES);
      } catch (error) {
        await removeFiles(storage, submission.files);
        throw error;
      }
      // only now, with the new keys committed, are the replaced files unreferenced
      await removeFiles(storage, edited.superseded);
      request.log.info({ orderId: edited.id }, 'order edited');
      return reply.send({ order: { id: edited.id, held: edited.held } });
    });

    app.delete(
      '/api/orders/:id',
      {
        schema: {
          params: ZOrderParams,
          response: { 204: emptyResponse('discarded, with its partner and files'), ...readErrors, ...errorResponses('conflict') },
        },
      },
      async (request, reply) => {
        const { keys, paymentId } = await discardOrder(db, request.params.id, currentUser(request).id);
        await removeFiles(storage, keys);
        // a checkout left open must not take money for an order that is gone; if
        // expiring fails, a payment still arrives as a review of an unknown order, to refund
        if (paymentId)
          await services.payments
            .expireSession(paymentId)
            .catch((error: unknown) =>
              request.log.warn({ err: error, orderId: request.params.id }, 'could not expire the checkout session of a discarded order'),
            );
        request.log.info({ orderId: request.params.id }, 'order discarded');
        return reply.status(204).send();
      },
    );

    app.get('/api/orders/:id', { schema: { params: ZOrderParams, response: { 200: ZOrderAnswer, ...readErrors } } }, async (request) => ({
      order: await getOrderDetail(db, request.params.id, currentUser(request), services.config),
    }));

    app.get('/api/orders/:id/documents', { schema: { params: ZOrderParams, response: { 200: ZOrderDocumentList, ...readErrors } } }, async (request) => ({
      documents: await listOrderDocuments(db, request.params.id, currentUser(request)),
    }));

    app.get(
      '/api/orders/:id/bank-pack',
      {
        schema: {
          params: ZOrderParams,
          description:
            'After the EIN: the Articles as filed, the signed Operating Agreement and the EIN letter in one ZIP, named in the customer’s language (409 before the EIN or while none is uploaded).',
          response: { 200: fileResponse('the ZIP', ['application/zip']), ...readErrors, ...errorResponses('conflict') },
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await bankPack(db, storage, request.params.id, currentUser(request));
        return sendAttachment(reply, stream, 'application/zip', fileName);
      },
    );

    // the identity files themselves: src/server/features/identity-documents (every look by the team is logged)

    const documentFile = fileResponse(
      'a document an administrator added to the order',
      Object.values(fileTypes).map((type) => type.contentType),
    );
    app.get('/api/documents/:id/file', { schema: { params: ZOrderParams, response: { 200: documentFile, ...readErrors } } }, async (request, reply) => {
      const document = await findViewableDocument(db, request.params.id, currentUser(request));
      return sendStoredFile(reply, storage, document.storageKey, document.fileName);
    });
  };
