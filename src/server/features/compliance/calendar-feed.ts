import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import ical, { ICalEventTransparency } from 'ical-generator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import { calendarTokenPattern, ZCalendarLink, type TCalendarLink } from '@shared/compliance/api';
import { isLanguage, type Language } from '@shared/languages';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '../../db/client';
import { calendarTokens, orders, users } from '../../db/schema';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { calendarOfOrder } from './compliance.service';
import { serverTexts } from '../../platform/i18n/texts';
import { amountText, deadlineTitle } from './deadline-copy';
import { appPageUrl } from '@shared/locale-paths';
import { paths } from '@shared/client-paths';

/*
 * A secret feed per company (/api/calendar/<token>.ics) a calendar app subscribes to
 * without a session. Only the SHA-256 of the token is stored, so a database leak gives no feed;
 * the owner sees the URL once, when it is made, and can revoke it (a new one replaces it).
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (appUrl: string, token: string) => new URL(`/api/calendar/${token}.ics`, appUrl).toString();

/** The order, only for its owner (an administrator is not the customer whose calendar this is): anyone else 404. */
async function ownedOrder(db: Db, orderId: string, viewer: TSessionUser) {
  const [row] = await db
    .select({ id: orders.id, formationDate: orders.formationDate })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, viewer.id)));
  if (!row) throw new AppError('not_found', 'order.notFound');
  return row;
}

async function linkState(db: Db, orderId: string): Promise<TCalendarLink> {
  const [live] = await db
    .select({ createdAt: calendarTokens.createdAt })
    .from(calendarTokens)
    .where(and(eq(calendarTokens.orderId, orderId), isNull(calendarTokens.revokedAt)));
  return { active: Boolean(live), createdAt: live?.createdAt.toISOString() ?? null, url: null };
}

/** Revokes the live link, if any; with `replace`, makes a new one in the same transaction (one live link per order, enforced by an index). */
async function rotate(db: Db, orderId: string, appUrl: string, replace: boolean): Promise<TCalendarLink> {
  return db.transaction(async (tx) => {
    await tx
      .update(calendarTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarTokens.orderId, orderId), isNull(calendarTokens.revokedAt)));
    if (!replace) return { active: false, createdAt: null, url: null };
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(calendarTokens)
      .values({ tokenHash: hashOf(token), orderId })
      .returning({ createdAt: calendarTokens.createdAt });
    return { active: true, createdAt: row!.createdAt.toISOString(), url: feedUrl(appUrl, token) };
  });
}

/** The .ics text of the live token `token`, or null when there is no such live token. */
export async function calendarFeed(db: Db, token: string, appUrl: string, today?: string): Promise<string | null> {
  if (!calendarTokenPattern.test(token)) return null;
  const [row] = await db
    .select({ order: orders, language: users.language })
    .from(calendarTokens)
    .innerJoin(orders, eq(orders.id, calendarTokens.orderId))
    // the feed was the account's: a detached order's (its account deleted) is a 404 like a revoked one
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(calendarTokens.tokenHash, hashOf(token)), isNull(calendarTokens.revokedAt)));
  // a refunded order's feed ends: its calendar app drops the deadlines with the 404
  if (!row || row.order.refundedAt) return null;
  const language: Language = isLanguage(row.language) ? row.language : 'en';
  const { deadlines } = await calendarOfOrder(db, row.order, today);
  const dashboardUrl = appPageUrl(appUrl, paths.dashboard(), language);
  const t = serverTexts(language, 'compliance');
  const companyName = row.order.companyName1;
  const calendar = ical({
    name: t('feed.name', { companyName }),
    prodId: { company: 'Frontera', product: 'compliance', language: language.toUpperCase() },
  });
  for (const deadline of deadlines) {
    if (!deadline.dueDate || deadline.status === 'unknown' || deadline.status === 'info') continue;
    const amount = amountText(deadline.amount, language);
    const lines = [amount && t('feed.amount', { amount }), deadline.sourceUrl && t('feed.source', { sourceUrl: deadline.sourceUrl }), dashboardUrl];
    // a deadline marked done says so, as a newer version of the same event:
    // calendars replace an event whose SEQUENCE went up, and it stops blocking the day
    const done = deadline.status === 'done';
    calendar.createEvent({
      // stable across downloads, so a subscribed calendar updates the event instead of adding another
      id: `${row.order.id}-${deadline.kind}-${deadline.dueDate}@frontera`,
      sequence: done ? 1 : 0,
      start: new Date(`${deadline.dueDate}T00:00:00Z`),
      allDay: true,
      summary: t('feed.summary', {
        title: done ? t('feed.done', { title: deadlineTitle(deadline, language) }) : deadlineTitle(deadline, language),
        companyName,
      }),
      transparency: done ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
      description: lines.filter(Boolean).join('\n'),
      url: deadline.sourceUrl ?? dashboardUrl,
    });
  }
  return calendar.toString();
}

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });

/** The feed (no session: the token is the key) and the owner's endpoints to make, read and revoke its link. */
export const calendarFeedRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function calendarFeedPlugin(app) {
    const { db, config } = services;

    const feed200 = { description: "the company's deadlines as an iCalendar feed", content: { 'text/calendar': { schema: z.string() } } };
    app.get(
      '/api/calendar/:file',
      { schema: { params: z.object({ file: z.string().max(200) }), response: { 200: feed200, ...errorResponses('not_found') } } },
      async (request, reply) => {
        const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
        const body = await calendarFeed(db, token, config.APP_URL);
        // the URL is a secret: keep it and the feed out of shared caches
        reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
        if (body === null) throw new AppError('not_found');
        return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="compliance.ics"').send(body);
      },
    );

    {
      const preHandler = requireUser(services.auth);
      const schema = {
        params: ZOrderParams,
        response: { 200: ZCalendarLink, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found') },
      };
      app.get('/api/orders/:id/calendar-link', { preHandler, schema }, async (request) =>
        linkState(db, (await ownedOrder(db, request.params.id, currentUser(request))).id),
      );
      app.post('/api/orders/:id/calendar-link', { preHandler, schema }, async (request) => {
        const order = await ownedOrder(db, request.params.id, currentUser(request));
        if (!order.formationDate) throw new AppError('conflict', 'compliance.notFormed');
        return rotate(db, order.id, config.APP_URL, true);
      });
      app.delete('/api/orders/:id/calendar-link', { preHandler, schema }, async (request) =>
        rotate(db, (await ownedOrder(db, request.params.id, currentUser(request))).id, config.APP_URL, false),
      );
    }
  };
