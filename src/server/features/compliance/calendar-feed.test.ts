import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarTokens, orders } from '@server/db/schema';
import { appPerSuite, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';
import { utcToday } from './compliance.service';

/** Parses a feed with an independent parser: each event's all-day date and summary. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      date: event.startDate.toString(),
      allDay: event.startDate.isDate,
      summary: event.summary,
      description: event.description,
      sequence: event.sequence,
      transparency: String(component.getFirstPropertyValue('transp')),
    };
  });
}

describe.each(testDatabases)('compliance calendar feed on $name', (target) => {
  const suite = appPerSuite(target);

  async function formedOrder(language: 'en' | 'es' = 'en') {
    const owner = await signUp(suite.app, { language });
    const { id } = (await submitOrder(suite.app, owner.cookie)).json().order as { id: string };
    const formationDate = `${Number(utcToday().slice(0, 4)) - 1}-03-15`;
    await suite.database.db.update(orders).set({ formationDate }).where(eq(orders.id, id));
    return { owner, id };
  }
  const link = (method: 'GET' | 'POST' | 'DELETE', id: string, cookie?: string) =>
    suite.app.inject({ method, url: `/api/orders/${id}/calendar-link`, headers: cookie ? { cookie } : {} });
  const feed = (url: string) => suite.app.inject({ url: new URL(url).pathname });

  it('the feed of an order a refund closed ends: 404, as a revoked one', async () => {
    const { owner, id } = await formedOrder();
    const { url } = (await link('POST', id, owner.cookie)).json() as { url: string };
    expect((await feed(url)).statusCode).toBe(200);
    await suite.database.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, id));
    expect((await feed(url)).statusCode).toBe(404);
  });

  it("the feed has one all-day event on each dated deadline of the API, in the customer's language, never cached", async () => {
    const { owner, id } = await formedOrder('es');
    expect((await link('GET', id, owner.cookie)).json()).toEqual({ active: false, createdAt: null, url: null });
    const made = await link('POST', id, owner.cookie);
    expect(made.statusCode).toBe(200);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // only the hash is stored
    const [stored] = await suite.database.db.select().from(calendarTokens).where(eq(calendarTokens.orderId, id));
    expect(url).not.toContain(stored!.tokenHash);
    expect((await link('GET', id, owner.cookie)).json()).toMatchObject({ active: true, url: null });

    const response = await feed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['cache-control']).toContain('no-store');
    const events = eventsOf(response.body);
    const api = (await suite.app.inject({ url: `/api/orders/${id}/compliance`, headers: { cookie: owner.cookie } })).json();
    const expected = api.deadlines.filter((d: { dueDate: string | null; status: string }) => d.dueDate && d.status !== 'unknown' && d.status !== 'info');
    expect(events.length).toBeGreaterThan(3);
    expect(events.map((e) => e.date).sort()).toEqual(expected.map((d: { dueDate: string }) => d.dueDate).sort());
    expect(events.every((e) => e.allDay)).toBe(true);
    expect(events.some((e) => e.summary.startsWith('Formulario 5472 del IRS'))).toBe(true);
    // the amount in the panel's own words (compliance catalogue): "Desde US$60" for a minimum
    expect(events.some((e) => e.description.includes('Monto: Desde US$'))).toBe(true);
  });

  // a subscribed calendar learns that a deadline is done
  it('marks a deadline done in the feed: a newer version of the same event, its summary saying so, no longer busy', async () => {
    const { owner, id } = await formedOrder('es');
    const url = (await link('POST', id, owner.cookie)).json().url as string;
    const before = eventsOf((await feed(url)).body);
    const api = (await suite.app.inject({ url: `/api/orders/${id}/compliance`, headers: { cookie: owner.cookie } })).json();
    const target = api.deadlines.find(
      (d: { kind: string; dueDate: string | null; status: string }) => d.kind === 'federal-5472' && d.dueDate && d.status !== 'done',
    );
    const marked = await suite.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/compliance/done`,
      headers: { cookie: owner.cookie },
      payload: { kind: target.kind, dueDate: target.dueDate },
    });
    expect(marked.statusCode).toBe(200);
    const after = eventsOf((await feed(url)).body);
    expect(after).toHaveLength(before.length);
    const event = after.find((e) => e.date === target.dueDate && e.summary.includes('5472'))!;
    expect(event.summary).toMatch(/^✓ Hecho: Formulario 5472 del IRS/);
    expect(event.sequence).toBe(1);
    expect(event.transparency).toBe('TRANSPARENT');
    const untouched = after.filter((e) => e !== event);
    expect(untouched.every((e) => e.sequence === 0 && !e.summary.startsWith('✓') && e.transparency === 'OPAQUE')).toBe(true);
  });

  it('a new link replaces the old one; a revoked link, a guessed token and a malformed one are 404', async () => {
    const { owner, id } = await formedOrder();
    const first = (await link('POST', id, owner.cookie)).json().url as string;
    const second = (await link('POST', id, owner.cookie)).json().url as string;
    expect(second).not.toBe(first);
    expect((await feed(first)).statusCode).toBe(404);
    expect((await feed(second)).statusCode).toBe(200);
    expect((await link('DELETE', id, owner.cookie)).json()).toMatchObject({ active: false });
    expect((await feed(second)).statusCode).toBe(404);

    // the stored hash is not a token
    const stored = (await suite.database.db.select().from(calendarTokens).where(eq(calendarTokens.orderId, id)).limit(1))[0]!.tokenHash;
    const guessed = `http://x/api/calendar/${randomBytes(32).toString('base64url')}.ics`;
    for (const bad of [
      guessed,
      'http://x/api/calendar/short.ics',
      `http://x/api/calendar/${'a'.repeat(43)}`,
      `http://x/api/calendar/${'~'.repeat(43)}.ics`,
      `http://x/api/calendar/${stored}.ics`,
      `http://x/api/calendar/${'a'.repeat(90)}.ics`,
    ]) {
      expect((await feed(bad)).statusCode, bad).toBe(404);
    }
  });

  it("another customer and an administrator get 404 on the owner's link, a visitor 401; before formation there is nothing to subscribe to", async () => {
    const { id } = await formedOrder();
    const stranger = await signUp(suite.app);
    const admin = await signUp(suite.app);
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await link(method, id, stranger.cookie)).statusCode).toBe(404);
      expect((await link(method, id, admin.cookie)).statusCode).toBe(404);
      expect((await link(method, id)).statusCode).toBe(401);
    }
    expect(await suite.database.db.select().from(calendarTokens).where(eq(calendarTokens.orderId, id))).toEqual([]);
    const owner = await signUp(suite.app);
    const unformed = (await submitOrder(suite.app, owner.cookie)).json().order.id as string;
    expect((await link('POST', unformed, owner.cookie)).statusCode).toBe(409);
  });
});
