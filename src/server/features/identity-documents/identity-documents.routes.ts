import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdentityViewList } from '@shared/identity-documents';
import { identityDocuments } from '@shared/order-model';
import { currentUser, requireAdmin, requireUser } from '../../platform/auth/guards';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { fileTypes } from '../../platform/storage/file-type';
import { sendStoredFile } from '../../platform/storage/send-file';
import type { Services } from '../../services';
import { identityFileTypes } from '../../domain/orders/identity-documents';
import { listIdentityViews, openIdentityDocument } from './identity-documents.service';

/** The customer's identity files: owner or administrator, every look by the team logged. */
export const identityDocumentRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function identityDocumentFiles(app) {
    const { db, storage } = services;
    app.addHook('preHandler', requireUser(services.auth));

    app.get(
      '/api/orders/:id/identity/:document',
      {
        schema: {
          params: z.object({ id: z.uuid('errors.not_found'), document: z.enum(identityDocuments) }),
          description:
            'The owner or an administrator; an administrator’s look at another’s document is recorded (GET /api/admin/orders/:id/identity-views) before the file is sent.',
          response: {
            200: fileResponse(
              'the identity document the customer uploaded',
              identityFileTypes.map((type) => fileTypes[type].contentType),
            ),
            ...errorResponses('validation_failed', 'unauthorized', 'not_found'),
          },
        },
      },
      async (request, reply) => {
        const { id, document } = request.params;
        const key = await openIdentityDocument(db, { orderId: id, document, viewer: currentUser(request), ipAddress: request.ip });
        const extension = key.split('.').pop() ?? 'pdf';
        return sendStoredFile(reply, storage, key, `${document}.${extension}`);
      },
    );
  };

/** Administrators only: the access log of an order's identity documents. */
export const adminIdentityDocumentRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function adminIdentityDocuments(app) {
    const { db } = services;
    app.addHook('preHandler', requireAdmin(services.auth));

    app.get(
      '/api/admin/orders/:id/identity-views',
      {
        schema: {
          params: z.object({ id: z.uuid('admin.orderNotFound') }),
          description: 'Who opened which identity document of the order, when and from which address; newest first, at most 500.',
          response: { 200: ZIdentityViewList, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found') },
        },
      },
      async (request) => listIdentityViews(db, request.params.id),
    );
  };
