import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import { messageAttachmentsMax, ZMessageFields, ZMessageInput, ZOrderThread, ZUnreadMessages, ZMessagePosted, ZRequestWithdrawn } from '@shared/order-messages';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { multipartParts, parseJsonField } from '../../platform/http/multipart';
import { emptyResponse, errorResponses, fileResponse } from '../../platform/http/openapi';
import { fileTypes, type FileType } from '../../platform/storage/file-type';
import { sendStoredFile } from '../../platform/storage/send-file';
import { removeStoredFiles, storeUpload } from '../../platform/storage/store-upload';
import type { Storage } from '../../platform/storage/storage';
import type { Services } from '../../services';
import { identityFileTypes } from '../../domain/orders/identity-documents';
import { findViewableOrder } from '../../domain/orders/order-access';
import {
  answerRequest,
  listThread,
  markThreadRead,
  openAttachment,
  openRequestOf,
  postMessage,
  unreadMessages,
  withdrawRequest,
  writesAsTeam,
  type StoredFile,
} from './order-messages.service';

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });
const ZRequestParams = ZOrderParams.extend({ requestId: z.uuid('messages.requestNotFound') });
const threadWindowMs = 10 * 60_000;

/** docs/product.md, "Constants and limits": customers send what they may upload as identity documents; the team may also send Word files. */
const teamFileTypes: readonly FileType[] = [...identityFileTypes, 'doc', 'docx'];

const parseMessageField = (value: unknown) => parseJsonField(value, ZMessageFields);

/**
 * A multipart message: a `message` field (JSON: `body`, and for the team an optional `request`)
 * and up to `maxFiles` files, each checked by content and streamed to storage. On any failure the
 * files already stored are removed before the error goes on; so are they if `write` fails.
 */
async function withMessageParts<T>(
  request: FastifyRequest,
  storage: Storage,
  { folder, types, maxFiles }: { folder: string; types: readonly FileType[]; maxFiles: number },
  write: (fields: ReturnType<typeof parseMessageField>, files: StoredFile[]) => Promise<T>,
): Promise<T> {
  const files: StoredFile[] = [];
  let fields: ReturnType<typeof parseMessageField> | undefined;
  try {
    // one file more than allowed is read, to say "too many" rather than the parser's 413
    for await (const part of multipartParts(request, { files: maxFiles + 1, fields: 1, parts: maxFiles + 2 })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'message' || fields) throw new AppError('bad_request');
        fields = parseMessageField(part.value);
        continue;
      }
      if (files.length >= maxFiles) {
        part.file.resume();
        throw new AppError('validation_failed', 'errors.validation_failed', { files: maxFiles === 1 ? 'messages.oneFile' : 'messages.tooManyFiles' });
      }
      files.push(await storeUpload(storage, part, { folder, allowed: types }));
    }
    return await write(fields ?? ZMessageFields.parse({}), files);
  } catch (error) {
    await removeStoredFiles(
      storage,
      files.map((file) => file.key),
    );
    throw error;
  }
}

/** The order's thread: its owner and administrators only; anyone else gets 404, as for the order. */
export const orderMessageRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function orderMessages(app) {
    const { db, config, mail, rateLimiter, storage } = services;
    const signedIn = requireUser(services.auth);
    const settings = { mail, appUrl: config.APP_URL, teamEmail: config.SUPPORT_EMAIL, delaySeconds: config.MESSAGE_EMAIL_DELAY_SECONDS };
    const limitWriter = (userId: string) => rateLimiter.hit(`messages:user:${userId}`, { windowMs: threadWindowMs, limit: config.MESSAGE_RATE_LIMIT });
    const messageAnswer = { 201: ZMessagePosted };

    app.get(
      '/api/orders/:id/messages',
      {
        preHandler: signedIn,
        schema: { params: ZOrderParams, response: { 200: ZOrderThread, ...errorResponses('validation_failed', 'unauthorized', 'not_found') } },
      },
      async (request) => listThread(db, request.params.id, currentUser(request)),
    );

    app.post(
      '/api/orders/:id/messages',
      {
        preHandler: signedIn,
        schema: {
          params: ZOrderParams,
          body: ZMessageInput,
          description: 'A message; from the team it may be a request (`request`: an answer or a file by `dueOn`). With files: POST …/messages/files.',
          response: { ...messageAnswer, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited') },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await limitWriter(user.id);
        const message = await postMessage(
          db,
          settings,
          { orderId: request.params.id, viewer: user },
          { body: request.body.body, request: request.body.request },
        );
        return reply.status(201).send({ message });
      },
    );

    app.post(
      '/api/orders/:id/messages/files',
      {
        preHandler: signedIn,
        schema: {
          params: ZOrderParams,
          description: `multipart/form-data: a \`message\` field (JSON, as POST …/messages; \`body\` may be empty) and 1–${messageAttachmentsMax} \`files\` (customers: pdf, jpg, png; the team also doc, docx), checked by content and stored encrypted.`,
          response: {
            ...messageAnswer,
            ...errorResponses(
              'bad_request',
              'validation_failed',
              'unauthorized',
              'forbidden',
              'not_found',
              'conflict',
              'payload_too_large',
              'unsupported_media_type',
              'rate_limited',
            ),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { id } = request.params;
        // before a byte is stored: who may write here, and which files they may send
        const order = await findViewableOrder(db, id, user);
        await limitWriter(user.id);
        const types = writesAsTeam(order, user) ? teamFileTypes : identityFileTypes;
        const message = await withMessageParts(request, storage, { folder: `messages/${id}`, types, maxFiles: messageAttachmentsMax }, (fields, files) => {
          if (files.length === 0) throw new AppError('validation_failed', 'errors.validation_failed', { files: 'messages.fileRequired' });
          return postMessage(db, settings, { orderId: id, viewer: user }, { ...fields, files });
        });
        return reply.status(201).send({ message });
      },
    );

    app.get(
      '/api/orders/:id/messages/attachments/:attachmentId',
      {
        preHandler: signedIn,
        schema: {
          params: ZOrderParams.extend({ attachmentId: z.uuid('errors.not_found') }),
          response: {
            200: fileResponse(
              'a file attached to a message of the thread',
              Object.values(fileTypes).map((type) => type.contentType),
            ),
            ...errorResponses('validation_failed', 'unauthorized', 'not_found'),
          },
        },
      },
      async (request, reply) => {
        const { key, fileName } = await openAttachment(db, {
          orderId: request.params.id,
          attachmentId: request.params.attachmentId,
          viewer: currentUser(request),
          ipAddress: request.ip,
        });
        return sendStoredFile(reply, storage, key, fileName);
      },
    );

    app.post(
      '/api/orders/:id/requests/:requestId/answer',
      {
        preHandler: signedIn,
        schema: {
          params: ZRequestParams,
          description:
            'The customer answers a request. multipart/form-data: a `message` field (JSON `{ "body" }`) and, for a file request, one `files` part (pdf, jpg, png). A file answering a request that names an identity document replaces it (the old file is deleted); otherwise it is attached to the answer. 409 once the request is closed.',
          response: {
            ...messageAnswer,
            ...errorResponses(
              'bad_request',
              'validation_failed',
              'unauthorized',
              'forbidden',
              'not_found',
              'conflict',
              'payload_too_large',
              'unsupported_media_type',
              'rate_limited',
            ),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { id, requestId } = request.params;
        // a closed or unknown request is refused before the file is stored
        const { request: asked } = await openRequestOf(db, { orderId: id, requestId, viewer: user });
        await limitWriter(user.id);
        // a new identity document is kept where the others are
        const folder = asked.document ? `identity/${id}` : `messages/${id}`;
        const { message, replaced } = await withMessageParts(request, storage, { folder, types: identityFileTypes, maxFiles: 1 }, (fields, files) =>
          answerRequest(db, settings, { orderId: id, requestId, viewer: user }, { body: fields.body, file: files[0] }),
        );
        // the document replaced goes once the new one is on record (a failed delete is swept later)
        if (replaced) await removeStoredFiles(storage, [replaced]);
        return reply.status(201).send({ message });
      },
    );

    app.post(
      '/api/orders/:id/requests/:requestId/withdraw',
      {
        preHandler: signedIn,
        schema: {
          params: ZRequestParams,
          response: { 200: ZRequestWithdrawn, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict') },
        },
      },
      async (request) => ({ request: await withdrawRequest(db, request.params.id, request.params.requestId, currentUser(request)) }),
    );

    app.post(
      '/api/orders/:id/messages/read',
      {
        preHandler: signedIn,
        schema: {
          params: ZOrderParams,
          response: {
            204: emptyResponse('the other side’s messages are read'),
            ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found'),
          },
        },
      },
      async (request, reply) => {
        await markThreadRead(db, request.params.id, currentUser(request));
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/me/messages/unread',
      { preHandler: signedIn, schema: { response: { 200: ZUnreadMessages, ...errorResponses('unauthorized') } } },
      async (request) => ({
        unread: await unreadMessages(db, currentUser(request)),
      }),
    );
  };
