import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import {
  ZAdminOrderDetail,
  ZAdminOrderIds,
  ZAdminOrderIdsQuery,
  ZAdminOrderPage,
  ZAdminOrdersExportQuery,
  ZAdminOrdersQuery,
  ZHoldReleased,
  ZNoteInput,
  ZOrderNote,
  ZOrderNoteList,
  ZStatusChange,
  ZStatusChangeResult,
} from '@shared/admin';
import { ZAssign, ZAssigneeList, ZAssigneeChanged } from '@shared/assignment';
import { ZBulkRequest, ZBulkResult } from '@shared/bulk-orders';
import { ZMilestoneRecord, ZMilestoneRecorded } from '@shared/milestone-schemas';
import { ZOrderCorrected, ZOrderCorrection } from '@shared/order-correction';
import { ZDocumentAdded, ZDocumentKindQuery } from '@shared/orders';
import { currentUser, requireAdmin } from '@server/platform/auth/guards';
import { sendAttachment } from '@server/platform/http/attachment';
import { loggableFilters } from '@server/platform/http/log-redaction';
import { firstFile } from '@server/platform/http/multipart';
import { emptyResponse, errorResponses, fileResponse } from '@server/platform/http/openapi';
import type { Services } from '@server/services';
import { listAssignees, ownerId } from '@server/domain/assignment';
import {
  addOrderDocument,
  adminOrderIds,
  assignOrder,
  changeOrderStatus,
  deleteOrderDocument,
  replaceOrderDocument,
  getAdminOrderDetail,
  listAdminOrders,
  releaseOrderHold,
} from './admin-orders.service';
import { bulkUpdateOrders } from './bulk-orders';
import { recordMilestone } from '@server/domain/orders/record-milestone';
import { correctOrder } from './order-correction';
import { addOrderNote, listOrderNotes } from './order-notes.service';
import { ordersCsv, ordersCsvFileName } from './orders-export';

const ZOrderParams = z.object({ id: z.uuid('admin.orderNotFound') });
const ZDocumentParams = ZOrderParams.extend({ documentId: z.uuid('admin.documentNotFound') });

/** Administrators only: every route answers 401 to visitors and 403 to customers. */
export const adminOrderRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function adminOrders(app) {
    const { db, storage, mail, config } = services;
    // onRequest: a visitor gets 401, and an administrator without a second factor 403, before the body is read
    app.addHook('onRequest', requireAdmin(services.auth));
    // read once: how the customer is emailed, and how long identity files outlive the EIN
    const mailer = { mail, appUrl: config.APP_URL };
    const teamSettings = { ...mailer, identityRetentionDays: config.IDENTITY_RETENTION_DAYS };

    const listErrors = errorResponses('bad_request', 'validation_failed', 'unauthorized', 'forbidden');
    const orderErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found');

    app.get('/api/admin/orders', { schema: { querystring: ZAdminOrdersQuery, response: { 200: ZAdminOrderPage, ...listErrors } } }, async (request) =>
      listAdminOrders(db, { ...request.query, owner: ownerId(request.query.owner, currentUser(request)) }),
    );

    // one action on many orders, each in its own transaction; the result per order
    app.post(
      '/api/admin/orders/bulk',
      {
        schema: {
          body: ZBulkRequest,
          description:
            'Assign, set the status or record a milestone (not the EIN) on up to 500 orders. Each order changes whole or not at all, audited and emailed as one by one; the emails batched per recipient.',
          response: { 200: ZBulkResult, ...listErrors },
        },
      },
      async (request) => {
        const admin = currentUser(request);
        const result = await bulkUpdateOrders(db, teamSettings, request.body, {
          admin,
          log: request.log,
        });
        const outcome = (name: string) => result.results.filter((entry) => entry.outcome === name).length;
        request.log.info(
          { action: request.body.action.type, by: admin.id, changed: outcome('changed'), unchanged: outcome('unchanged'), failed: outcome('failed') },
          'bulk order action by an administrator',
        );
        return result;
      },
    );

    // who can own an order or a ticket (every administrator)
    app.get('/api/admin/assignees', { schema: { response: { 200: ZAssigneeList, ...errorResponses('unauthorized', 'forbidden') } } }, async () => ({
      assignees: await listAssignees(db),
    }));

    app.post(
      '/api/admin/orders/:id/assignee',
      {
        schema: {
          params: ZOrderParams,
          body: ZAssign,
          description:
            'The order’s owner (an administrator’s id), or null to unassign. Audited (`assigned`); the new owner is emailed when someone else assigned it.',
          response: { 200: ZAssigneeChanged, ...orderErrors },
        },
      },
      async (request) => {
        const result = await assignOrder(db, mailer, { orderId: request.params.id, assigneeId: request.body.assigneeId, admin: currentUser(request) });
        request.log.info(
          { orderId: request.params.id, assigneeId: result.assignee?.id ?? null, changed: result.changed },
          'order assigned by an administrator',
        );
        return result;
      },
    );

    // "select all" of the filter, every match (before /:id)
    app.get('/api/admin/orders/ids', { schema: { querystring: ZAdminOrderIdsQuery, response: { 200: ZAdminOrderIds, ...listErrors } } }, async (request) =>
      adminOrderIds(db, { ...request.query, owner: ownerId(request.query.owner, currentUser(request)) }),
    );

    // the filtered list as CSV, streamed in keyset batches (before /:id, which would take "export.csv")
    app.get(
      '/api/admin/orders/export.csv',
      {
        schema: {
          querystring: ZAdminOrdersExportQuery,
          response: { 200: fileResponse('every order matching the filters, as CSV (UTF-8 with a byte order mark)', ['text/csv']), ...listErrors },
        },
      },
      async (request, reply) => {
        const { lang, ...query } = request.query;
        const filters = { ...query, owner: ownerId(query.owner, currentUser(request)) };
        request.log.info({ filters: loggableFilters(filters), by: currentUser(request).id }, 'orders exported as CSV');
        return sendAttachment(reply, ordersCsv(db, filters, lang), 'text/csv; charset=utf-8', ordersCsvFileName());
      },
    );

    app.get('/api/admin/orders/:id/notes', { schema: { params: ZOrderParams, response: { 200: ZOrderNoteList, ...orderErrors } } }, async (request) =>
      listOrderNotes(db, request.params.id),
    );

    app.post(
      '/api/admin/orders/:id/notes',
      { schema: { params: ZOrderParams, body: ZNoteInput, response: { 201: ZOrderNote, ...orderErrors } } },
      async (request, reply) => {
        const note = await addOrderNote(db, request.params.id, request.body.body, currentUser(request));
        return reply.status(201).send(note);
      },
    );

    app.get('/api/admin/orders/:id', { schema: { params: ZOrderParams, response: { 200: ZAdminOrderDetail, ...orderErrors } } }, async (request) =>
      getAdminOrderDetail(db, request.params.id, currentUser(request), config),
    );

    // an administrator corrects the customer's data at any status, with a reason
    app.patch(
      '/api/admin/orders/:id',
      {
        schema: {
          params: ZOrderParams,
          body: ZOrderCorrection,
          description:
            'The whole corrected order (the wizard’s fields but the LLC state) and a reason; checked by the wizard’s schema in the order’s state. Audited (`order_corrected`, old and new values), the customer emailed (`orderCorrected`). Nothing changed, or a nationality that needs an identity document the order does not have: 400.',
          response: { 200: ZOrderCorrected, ...orderErrors },
        },
      },
      async (request) => {
        const admin = currentUser(request);
        const result = await correctOrder(db, mailer, { orderId: request.params.id, admin }, request.body);
        // the field names only: the values are personal data
        request.log.info({ orderId: request.params.id, changed: result.changed, by: admin.id }, 'order corrected by an administrator');
        return result;
      },
    );

    app.patch(
      '/api/admin/orders/:id/status',
      { schema: { params: ZOrderParams, body: ZStatusChange, response: { 200: ZStatusChangeResult, ...orderErrors } } },
      async (request) => {
        const result = await changeOrderStatus(db, mailer, { orderId: request.params.id, status: request.body.status, admin: currentUser(request) });
        request.log.info({ orderId: request.params.id, status: result.status, changed: result.changed }, 'order status set by an administrator');
        return result;
      },
    );

    // what happened after payment, with its date; the first record of a milestone emails the customer
    app.post(
      '/api/admin/orders/:id/milestones',
      { schema: { params: ZOrderParams, body: ZMilestoneRecord, response: { 200: ZMilestoneRecorded, ...orderErrors } } },
      async (request) => {
        const admin = currentUser(request);
        const result = await recordMilestone(db, teamSettings, { orderId: request.params.id, record: request.body, admin });
        request.log.info(
          { orderId: request.params.id, milestone: request.body.milestone, by: admin.id, changed: result.changed },
          'order milestone recorded by an administrator',
        );
        return result;
      },
    );

    // a held order (sanctioned nationality, ADR 0012) may be paid once an administrator has reviewed it
    app.post('/api/admin/orders/:id/release-hold', { schema: { params: ZOrderParams, response: { 200: ZHoldReleased, ...orderErrors } } }, async (request) => {
      const result = await releaseOrderHold(db, mailer, request.params.id, currentUser(request));
      request.log.info({ orderId: request.params.id, released: result.released }, 'order hold released by an administrator');
      return result;
    });

    const uploadErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'payload_too_large', 'unsupported_media_type');
    /** the one file of a multipart request, in the field `file` */
    const uploadedFile = async (request: FastifyRequest) => {
      const upload = await firstFile(request);
      if (!upload || upload.fieldname !== 'file') throw new AppError('validation_failed', 'errors.validation_failed', { file: 'admin.noFileSelected' });
      return upload;
    };
    const delaySeconds = config.DOCUMENT_EMAIL_DELAY_SECONDS;

    app.post(
      '/api/admin/orders/:id/documents',
      {
        schema: {
          params: ZOrderParams,
          querystring: ZDocumentKindQuery,
          description:
            'multipart/form-data: one file (pdf, doc, docx, jpg, png) in the field `file`; `kind` says what it is to the customer (the Articles as filed, the EIN letter…). The customer gets one email per batch of changes.',
          response: { 201: ZDocumentAdded, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const document = await addOrderDocument(
          db,
          { storage, delaySeconds },
          { orderId: request.params.id, upload: await uploadedFile(request), admin: currentUser(request), kind: request.query.kind },
        );
        return reply.status(201).send({ document });
      },
    );

    // a document uploaded by mistake is replaced by another file, or deleted (both audited)
    app.put(
      '/api/admin/orders/:id/documents/:documentId',
      {
        schema: {
          params: ZDocumentParams,
          description:
            'multipart/form-data: the new file in the field `file` takes the place of the document; the customer gets one email per batch of changes.',
          response: { 200: ZDocumentAdded, ...uploadErrors },
        },
      },
      async (request) => {
        const admin = currentUser(request);
        const document = await replaceOrderDocument(
          db,
          { storage, delaySeconds },
          { orderId: request.params.id, documentId: request.params.documentId, upload: await uploadedFile(request), admin },
        );
        request.log.info({ orderId: request.params.id, documentId: request.params.documentId, by: admin.id }, 'order document replaced by an administrator');
        return { document };
      },
    );

    app.delete(
      '/api/admin/orders/:id/documents/:documentId',
      { schema: { params: ZDocumentParams, response: { 204: emptyResponse('deleted'), ...orderErrors } } },
      async (request, reply) => {
        const admin = currentUser(request);
        await deleteOrderDocument(db, storage, { orderId: request.params.id, documentId: request.params.documentId, admin });
        request.log.info({ orderId: request.params.id, documentId: request.params.documentId, by: admin.id }, 'order document deleted by an administrator');
        return reply.status(204).send();
      },
    );
  };
