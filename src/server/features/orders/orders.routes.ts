import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityDocuments } from '@shared/orders';
import { sendStoredFile } from '../../platform/storage/send-file';
import { currentUser, requireUser } from '../../platform/auth/guards';
import type { Services } from '../../services';
import { receiveOrderSubmission, removeFiles } from './order-submission';
import { createOrder, findViewableDocument, getOrderDetail, identityDocumentKey, listOrderDocuments, listOrders } from './orders.service';

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });

/** Customer order endpoints; every read checks the owner (administrators may read any). */
export const orderRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function orders(app) {
    const { db, storage } = services;
    app.addHook('preHandler', requireUser(services.auth));

    app.post('/api/orders', async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) return reply.status(415).send({ error: { code: 'unsupported_media_type', message: 'errors.unsupported_media_type' } });
      const submission = await receiveOrderSubmission(request.parts(), storage);
      try {
        const order = await createOrder(db, user.id, submission);
        request.log.info({ orderId: order.id }, 'order created');
        return reply.status(201).send({ order });
      } catch (error) {
        // nothing half-written: the transaction rolled back, so the files go too
        await removeFiles(storage, submission.files);
        throw error;
      }
    });

    app.get('/api/orders', async (request) => ({ orders: await listOrders(db, currentUser(request).id) }));

    app.get('/api/orders/:id', { schema: { params: ZOrderParams } }, async (request) => ({
      order: await getOrderDetail(db, request.params.id, currentUser(request)),
    }));

    app.get('/api/orders/:id/documents', { schema: { params: ZOrderParams } }, async (request) => ({
      documents: await listOrderDocuments(db, request.params.id, currentUser(request)),
    }));

    app.get(
      '/api/orders/:id/identity/:document',
      { schema: { params: ZOrderParams.extend({ document: z.enum(identityDocuments) }) } },
      async (request, reply) => {
        const { id, document } = request.params;
        const key = await identityDocumentKey(db, id, document, currentUser(request));
        const extension = key.split('.').pop() ?? 'pdf';
        return sendStoredFile(reply, storage, key, `${document}.${extension}`);
      },
    );

    app.get('/api/documents/:id/file', { schema: { params: ZOrderParams } }, async (request, reply) => {
      const document = await findViewableDocument(db, request.params.id, currentUser(request));
      return sendStoredFile(reply, storage, document.storageKey, document.fileName);
    });
  };

