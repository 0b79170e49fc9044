import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerPacketKinds,
  packetDocumentKinds,
  ZCompanyFactsInput,
  ZPartnerSigning,
  ZRecordFiling,
  ZSignInput,
  ZPacketAnswer,
  ZPartnerToken,
  ZPartnerSignRequest,
  ZPartnerSigned,
} from '@shared/filing/facts';

import { currentUser, requireAdmin, requireUser } from '../../platform/auth/guards';
import { sendAttachment } from '../../platform/http/attachment';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { recordMilestone } from '../../domain/orders/record-milestone';
import {
  approvePacket,
  assertApproved,
  getPacket,
  markPacketFiled,
  packetPdf,
  partnerAgreementPdf,
  packetAttachmentMaker,
  partnerSigning,
  putFacts,
  resendPartnerLink,
  signAsOrganizer,
  signAsPartner,
  filingSettingsOf,
} from './filing.service';

/** New signing links (each an email to the partner) one order may send in an hour. */
export const partnerLinksPerHour = 5;

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });
const ZDocumentParams = ZOrderParams.extend({ kind: z.enum(packetDocumentKinds, { error: 'errors.not_found' }) });
/** the customer's copies only: the team's worksheets are not addressable outside the admin area */
const ZCustomerDocumentParams = ZOrderParams.extend({ kind: z.enum(customerPacketKinds, { error: 'errors.not_found' }) });
const customerErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict');
const adminErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'second_factor_required', 'not_found', 'conflict');
const partnerErrors = errorResponses('validation_failed', 'not_found', 'conflict', 'gone', 'rate_limited');
const pdfAnswer = fileResponse('the PDF', ['application/pdf']);

/** The filing packet (ADR 0034): the customer's company details and signatures, the partner's link, the team's review. */
export const filingRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function filing(app) {
    const { db, config, mail, rateLimiter } = services;
    const signedIn = requireUser(services.auth);
    const adminOnly = requireAdmin(services.auth);
    const settings = filingSettingsOf(services);
    // the signed copies emailed to the signers are made when the email goes out (the outbox keeps no document)
    services.mail.attachments('packetDocument', packetAttachmentMaker(db, settings));
    const milestoneSettings = { mail, appUrl: config.APP_URL, identityRetentionDays: config.IDENTITY_RETENTION_DAYS };
    const signer = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
      ipAddress: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    });

    app.get(
      '/api/orders/:id/packet',
      {
        preHandler: signedIn,
        schema: {
          params: ZOrderParams,
          description: 'The filing packet of an order: status, company facts (or the defaults), documents and their signatures.',
          response: { 200: ZPacketAnswer, ...customerErrors },
        },
      },
      async (request) => ({ packet: await getPacket(db, settings, { orderId: request.params.id, viewer: currentUser(request), forTeam: false }) }),
    );

    app.put(
      '/api/orders/:id/packet/facts',
      {
        preValidation: signedIn,
        schema: {
          params: ZOrderParams,
          body: ZCompanyFactsInput,
          description:
            'The company details the filings ask for (paid orders, until the packet is approved: 409 `filing.frozen`); a change makes new document versions and voids their signatures.',
          response: { 200: ZPacketAnswer, ...customerErrors },
        },
      },
      async (request) => ({ packet: await putFacts(db, settings, { orderId: request.params.id, viewer: currentUser(request), facts: request.body }) }),
    );

    app.post(
      '/api/orders/:id/packet/sign',
      {
        preValidation: signedIn,
        schema: {
          params: ZOrderParams,
          body: ZSignInput,
          description:
            'The organizer signs the version read (409 `filing.documentChanged` if it changed since) with their typed name and consent; the evidence (hash, time, address, account) is stored. Signing the agreement of a two-member company emails the partner a link.',
          response: { 200: ZPacketAnswer, ...customerErrors },
        },
      },
      async (request) => ({
        packet: await signAsOrganizer(db, settings, { orderId: request.params.id, viewer: currentUser(request), input: request.body, from: signer(request) }),
      }),
    );

    app.post(
      '/api/orders/:id/packet/partner-link',
      {
        preHandler: signedIn,
        schema: {
          params: ZOrderParams,
          description: `Emails the partner a new signing link (7 days, one use); the earlier link stops working. At most ${partnerLinksPerHour} an hour per order.`,
          response: { 200: ZPacketAnswer, ...customerErrors, ...errorResponses('rate_limited') },
        },
      },
      async (request) => {
        // each is an email to someone who is not our customer: a few an hour, not a flood
        await services.rateLimiter.hit(`partner-link:${currentUser(request).id}:${request.params.id}`, { windowMs: 3600_000, limit: partnerLinksPerHour });
        return { packet: await resendPartnerLink(db, settings, request.params.id, currentUser(request)) };
      },
    );

    app.get(
      '/api/orders/:id/packet/documents/:kind',
      {
        preHandler: signedIn,
        schema: {
          params: ZCustomerDocumentParams,
          description:
            'The signer’s copy: the Operating Agreement or the SS-4 authorization, with the signature record once signed. The team’s worksheets are under /api/admin.',
          response: { 200: pdfAnswer, ...customerErrors },
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await packetPdf(db, settings, {
          orderId: request.params.id,
          viewer: currentUser(request),
          kind: request.params.kind,
          copy: 'signer',
        });
        return sendAttachment(reply, pdf, 'application/pdf', fileName);
      },
    );

    // the partner has no account: the link's token is the credential, and is limited like a password
    const limitPartner = async (request: { ip: string }) => rateLimiter.hit(`signing:ip:${request.ip}`, { limit: 30, windowMs: 10 * 60_000 });

    app.get(
      '/api/sign',
      {
        schema: {
          querystring: ZPartnerToken,
          description: 'What the partner reads before signing the Operating Agreement (410 once the link is used, replaced or expired).',
          response: { 200: ZPartnerSigning, ...partnerErrors },
        },
      },
      async (request) => {
        await limitPartner(request);
        return partnerSigning(db, settings, request.query.token);
      },
    );

    app.get('/api/sign/agreement', { schema: { querystring: ZPartnerToken, response: { 200: pdfAnswer, ...partnerErrors } } }, async (request, reply) => {
      await limitPartner(request);
      const { pdf, fileName } = await partnerAgreementPdf(db, settings, request.query.token);
      return sendAttachment(reply, pdf, 'application/pdf', fileName);
    });

    app.post(
      '/api/sign',
      {
        schema: {
          body: ZPartnerSignRequest,
          description: 'The partner signs the version read; the link works once.',
          response: { 200: ZPartnerSigned, ...partnerErrors },
        },
      },
      async (request) => {
        await limitPartner(request);
        const { token, language, ...input } = request.body;
        return signAsPartner(db, settings, { token, input, from: signer(request), language });
      },
    );

    app.get(
      '/api/admin/orders/:id/packet',
      {
        onRequest: adminOnly,
        schema: {
          params: ZOrderParams,
          description: 'The packet with the signatures’ evidence (address and account).',
          response: { 200: ZPacketAnswer, ...adminErrors },
        },
      },
      async (request) => ({ packet: await getPacket(db, settings, { orderId: request.params.id, viewer: currentUser(request), forTeam: true }) }),
    );

    app.get(
      '/api/admin/orders/:id/packet/documents/:kind',
      { onRequest: adminOnly, schema: { params: ZDocumentParams, response: { 200: pdfAnswer, ...adminErrors } } },
      async (request, reply) => {
        const { pdf, fileName } = await packetPdf(db, settings, {
          orderId: request.params.id,
          viewer: currentUser(request),
          kind: request.params.kind,
          copy: 'team',
        });
        return sendAttachment(reply, pdf, 'application/pdf', fileName);
      },
    );

    app.post(
      '/api/admin/orders/:id/packet/approve',
      {
        onRequest: adminOnly,
        schema: {
          params: ZOrderParams,
          description: 'Approves a packet ready for review (409 otherwise): the documents freeze and the signed agreement joins the customer’s documents.',
          response: { 200: ZPacketAnswer, ...adminErrors },
        },
      },
      async (request) => {
        const admin = currentUser(request);
        const packet = await approvePacket(db, settings, request.params.id, admin);
        request.log.info({ orderId: request.params.id, by: admin.id }, 'filing packet approved');
        return { packet };
      },
    );

    app.post(
      '/api/admin/orders/:id/packet/filed',
      {
        onRequest: adminOnly,
        schema: {
          params: ZOrderParams,
          body: ZRecordFiling,
          description:
            'Records the "filed with the state" milestone on the day given, with the state’s filing number (an approved packet whose stamped Articles were uploaded as a document of kind `articles_filed`; 409 otherwise).',
          response: { 200: ZPacketAnswer, ...adminErrors },
        },
      },
      async (request) => {
        const admin = currentUser(request);
        await assertApproved(db, settings, request.params.id, admin);
        await recordMilestone(db, milestoneSettings, {
          orderId: request.params.id,
          record: { milestone: 'filed_with_state', occurredOn: request.body.filedOn, note: null, ein: null, reference: request.body.filingNumber },
          admin,
        });
        return { packet: await markPacketFiled(db, settings, request.params.id, admin) };
      },
    );
  };
