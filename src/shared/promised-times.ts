import { usCountryCode } from './countries';
import { milestones, type Milestone } from './milestones';
import type { requestStatuses } from './order-message-rules';
import type { OrderStatus } from './order-status';
import type { TicketStatus } from './support';

/*
 * Promised times, computed: when each paid order, open ticket and open document request
 * is next due, and whether that moment is overdue, due today or later. Pure and zod-free (the
 * admin queue on the server and the client both use it); the clock is always a parameter, and
 * every instant is an ISO string in UTC, computed in UTC milliseconds (no local time, so a daylight
 * saving change anywhere moves nothing). The administrator's own zone is the client's display only.
 *
 * What the product promises (docs/product.md, "Promises"): delivery in 24-48 hours for US
 * citizens and 2-4 weeks for everyone else; processing starts within 24 hours of payment; a support
 * message is answered within 12 hours (some pages say 24: we keep the stricter 12,
 * SUPPORT_REPLY_HOURS, default 12).
 *
 * The promise speaks in hours and weeks, not business days, so weekends and holidays count as any
 * other day: every window is plain elapsed time.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

export type PromiseWindow = { from: number; to: number };

/** The promised durations, all in hours. */
export type PromiseHours = {
  /** "Processing starts within 24 hours" (of payment) */
  processingStart: number;
  /** US citizens: "24-48 hours", here to the state's approval of the LLC */
  stateApproval: PromiseWindow;
  /** everyone else: "2-4 weeks", to the EIN */
  einIssued: PromiseWindow;
  /** "email support response within 12 hours" */
  supportReply: number;
};

/** What configuration may change (e.g. SUPPORT_REPLY_HOURS → `{ supportReply: 24 }`); the rest keeps the defaults. */
export type PromiseHoursOverrides = {
  processingStart?: number;
  stateApproval?: Partial<PromiseWindow>;
  einIssued?: Partial<PromiseWindow>;
  supportReply?: number;
};

/** The defaults: the product's promises, in hours. */
export const promiseHours = Object.freeze({
  processingStart: 24,
  stateApproval: Object.freeze({ from: 24, to: 48 }),
  einIssued: Object.freeze({ from: 14 * 24, to: 28 * 24 }),
  supportReply: 12,
});

/** The defaults with `overrides` applied; a RangeError for a negative or non-finite value or a window whose start is after its end. */
export function resolvePromiseHours(overrides: PromiseHoursOverrides = {}): PromiseHours {
  const hours: PromiseHours = {
    processingStart: overrides.processingStart ?? promiseHours.processingStart,
    stateApproval: { ...promiseHours.stateApproval, ...withoutUndefined(overrides.stateApproval) },
    einIssued: { ...promiseHours.einIssued, ...withoutUndefined(overrides.einIssued) },
    supportReply: overrides.supportReply ?? promiseHours.supportReply,
  };
  const values: [string, number][] = [
    ['processingStart', hours.processingStart],
    ['stateApproval.from', hours.stateApproval.from],
    ['stateApproval.to', hours.stateApproval.to],
    ['einIssued.from', hours.einIssued.from],
    ['einIssued.to', hours.einIssued.to],
    ['supportReply', hours.supportReply],
  ];
  for (const [name, value] of values) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`promise hours: ${name} must be a finite number of hours, 0 or more (got ${value})`);
  }
  for (const name of ['stateApproval', 'einIssued'] as const) {
    if (hours[name].from > hours[name].to) throw new RangeError(`promise hours: ${name} starts after it ends (${hours[name].from} > ${hours[name].to})`);
  }
  return hours;
}

function withoutUndefined(window: Partial<PromiseWindow> | undefined): Partial<PromiseWindow> {
  const result: Partial<PromiseWindow> = {};
  if (window?.from !== undefined) result.from = window.from;
  if (window?.to !== undefined) result.to = window.to;
  return result;
}

/**
 * A promised moment: due by `dueAt` (inclusive); `from` is the start of the expected window when
 * the promise is a window (the state's approval, the EIN), the last customer message for a ticket,
 * otherwise null.
 */
export type PromisedMoment<Kind extends string> = { kind: Kind; from: string | null; dueAt: string };
export const orderPromiseKinds = ['processing_start', 'state_approval', 'ein_issued'] as const;
export type OrderPromiseKind = (typeof orderPromiseKinds)[number];
/** Every kind of promised moment: an order's, a ticket's reply, a request's due day. */
export const promiseKinds = [...orderPromiseKinds, 'support_reply', 'request_due'] as const;
export type OrderPromise = PromisedMoment<OrderPromiseKind>;
export type TicketPromise = PromisedMoment<'support_reply'>;
export type RequestPromise = PromisedMoment<'request_due'>;

export type PromiseOrderInput = {
  status: OrderStatus;
  /** ISO instant; null while unpaid */
  paidAt: string | null;
  /** the nationality's country code ('US' for US citizens, as order-model.ts reads it) */
  nationality: string | null;
  /**
   * The milestones recorded so far: the day the administrator gave, and when the row was written
   * (the later of created and updated, if the server has it).
   */
  milestones: readonly { milestone: Milestone; occurredOn: string; recordedAt?: string | null }[];
  /** when the status became processing, if the server knows it (its audit row); see orderPromise */
  processingStartedAt?: string | null;
};

/**
 * The next promised moment of an order, or null when nothing more is promised: unpaid (no payment
 * time, or the status back at pending_payment), completed, or its last promised milestone (or a
 * later one) recorded.
 *
 * 1. Processing starts within `processingStart` hours of payment, until the order is processing:
 *    status processing or completed, or any milestone after payment_received recorded.
 * 2. Then, for a US citizen, the state's approval (`stateApproval`, 24-48 h) counted from the
 *    filing with the state; when the filing is not recorded yet, from the moment processing started
 *    (`processingStartedAt`), and when that is unknown too, from the payment: the clock never starts
 *    later than the record proves, so a missing record never hides lateness (and it then matches
 *    the window the customer's dashboard shows, milestones.ts `expectedBetween`, which counts from
 *    payment). Done once state_approved or any later milestone is recorded.
 * 3. For everyone else, the EIN (`einIssued`, 2-4 weeks) counted from the payment, not from the
 *    filing: docs/product.md ("Promises") promises "Delivery in ... 2-4 weeks for non-US citizens", a delivery
 *    time of the whole package the customer paid for, and the dashboard shows the customer that
 *    window from the payment (`expectedBetween`); counting from the filing would let the queue call
 *    an order on time that its customer already sees late. Done once ein_issued or documents_ready
 *    is recorded.
 *
 * A milestone carries a day, not a time; the filing's clock starts at the latest moment its record
 * proves it had happened: when it was recorded, or the end of its day (UTC) when recorded on a
 * later day (or when the record time is unknown). An administrator ahead of UTC may record "today"
 * as tomorrow's UTC day; the record time then still bounds it.
 */
export function orderPromise(order: PromiseOrderInput, overrides?: PromiseHoursOverrides): OrderPromise | null {
  const clock = orderPromiseClock(order);
  return clock && promiseOfClock(clock, resolvePromiseHours(overrides));
}

/**
 * Which promise an order is under and when its clock started (payment, filing or processing, as
 * orderPromise says), without the hours: what the server stores per order (orders.promise_kind,
 * promise_from), so the queue finds what is late with an index while the hours stay configuration.
 */
export type OrderPromiseClock = { kind: OrderPromiseKind; startsAt: string };

export function orderPromiseClock(order: PromiseOrderInput): OrderPromiseClock | null {
  if (order.paidAt === null || order.status === 'pending_payment' || order.status === 'completed') return null;
  const paidAt = instant(order.paidAt, 'paidAt');
  const recorded = new Map(order.milestones.map((entry) => [entry.milestone, entry]));
  const recordedFrom = (first: Milestone) => milestones.slice(milestones.indexOf(first)).some((milestone) => recorded.has(milestone));

  const processing = order.status === 'processing' || recordedFrom('filed_with_state');
  if (!processing) return { kind: 'processing_start', startsAt: iso(paidAt) };

  if (order.nationality === usCountryCode) {
    if (recordedFrom('state_approved')) return null;
    const filing = recorded.get('filed_with_state');
    const start = filing ? happenedBy(filing) : order.processingStartedAt ? instant(order.processingStartedAt, 'processingStartedAt') : paidAt;
    return { kind: 'state_approval', startsAt: iso(start) };
  }

  if (recordedFrom('ein_issued')) return null;
  return { kind: 'ein_issued', startsAt: iso(paidAt) };
}

/** The window of a promise kind, in hours from its clock's start: `from` null when the promise is a deadline, not a window. */
export function promiseWindowHours(kind: OrderPromiseKind, hours: PromiseHours): { from: number | null; to: number } {
  switch (kind) {
    case 'processing_start':
      return { from: null, to: hours.processingStart };
    case 'state_approval':
      return hours.stateApproval;
    case 'ein_issued':
      return hours.einIssued;
  }
}

/** The promised moment of a clock under the given hours. */
export function promiseOfClock(clock: OrderPromiseClock, hours: PromiseHours): OrderPromise {
  const start = instant(clock.startsAt, 'startsAt');
  const window = promiseWindowHours(clock.kind, hours);
  return { kind: clock.kind, from: window.from === null ? null : iso(start + window.from * hourMs), dueAt: iso(start + window.to * hourMs) };
}

/** The latest moment a milestone's record proves it had happened by (see orderPromise). */
function happenedBy(entry: { occurredOn: string; recordedAt?: string | null }): number {
  const endOfDay = endOfDayUtc(entry.occurredOn, 'occurredOn');
  return entry.recordedAt ? Math.min(instant(entry.recordedAt, 'recordedAt'), endOfDay) : endOfDay;
}

export type PromiseTicketInput = {
  status: TicketStatus;
  /** ISO instant of the customer's last message (the ticket's own request until customers can write again) */
  lastCustomerMessageAt: string;
  /** ISO instant of the team's last reply (not an internal note); null or absent: none yet */
  lastTeamReplyAt?: string | null;
};

/**
 * An open ticket is due `supportReply` hours (SUPPORT_REPLY_HOURS, default 12) after the
 * customer's last message; null when it is answered or closed, or when a reply was sent at or
 * after that message.
 */
export function ticketPromise(ticket: PromiseTicketInput, overrides?: PromiseHoursOverrides): TicketPromise | null {
  if (ticket.status !== 'open') return null;
  const hours = resolvePromiseHours(overrides);
  const asked = instant(ticket.lastCustomerMessageAt, 'lastCustomerMessageAt');
  if (ticket.lastTeamReplyAt && instant(ticket.lastTeamReplyAt, 'lastTeamReplyAt') >= asked) return null;
  return { kind: 'support_reply', from: iso(asked), dueAt: iso(asked + hours.supportReply * hourMs) };
}

export type PromiseRequestInput = { status: (typeof requestStatuses)[number]; dueOn: string };

/**
 * An open document request is due by the end of its `dueOn` day in UTC (23:59:59.999Z): the
 * server stores the day as a UTC calendar day (order-message-rules.ts `isoDayFrom`), and the last
 * millisecond keeps the due moment on that same day, so the request is "due today" on its day and
 * overdue from the next day's first instant. Null once answered or withdrawn.
 */
export function requestPromise(request: PromiseRequestInput): RequestPromise | null {
  if (request.status !== 'open') return null;
  return { kind: 'request_due', from: null, dueAt: iso(endOfDayUtc(request.dueOn, 'dueOn')) };
}

/** How far ahead an item counts as "due today" in the admin queue. */
export const dueTodayWindowMs = dayMs;

export type PromiseState = { state: 'overdue'; lateByMs: number } | { state: 'due_today' } | { state: 'later' };

/**
 * Where a promised moment stands at `now`: overdue once `now` is past `dueAt` (due at 09:00 is
 * still on time at 09:00:00.000, late by 60000 ms at 09:01); "due today" when it falls within the
 * next 24 hours (inclusive); later otherwise.
 *
 * "Due today" is a rolling 24 hours, not the UTC calendar day: the team works in its own zones
 * (the client shows times in each administrator's), where the UTC day is nobody's "today" (for an
 * administrator in Mexico City the UTC day turns at 18:00); the queue's count would also jump at
 * UTC midnight. Within 24 hours is the same for everyone, and is what must be handled in the next
 * working day. An order just paid is therefore due today at once (its 24 hours have started).
 */
export function promiseState(dueAt: string | Date, now: Date): PromiseState {
  const due = typeof dueAt === 'string' ? instant(dueAt, 'dueAt') : dueAt.getTime();
  const at = now.getTime();
  if (Number.isNaN(due) || Number.isNaN(at)) throw new RangeError('promiseState: an invalid date');
  if (at > due) return { state: 'overdue', lateByMs: at - due };
  return due - at <= dueTodayWindowMs ? { state: 'due_today' } : { state: 'later' };
}

/** The last millisecond of a YYYY-MM-DD day in UTC; a RangeError when it is not a calendar day (Date.parse would roll 02-30 into March). */
function endOfDayUtc(day: string, name: string): number {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00.000Z`) : Number.NaN;
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) throw new RangeError(`${name}: not a calendar day: ${day}`);
  return start + dayMs - 1;
}

/** Milliseconds of an ISO instant; a RangeError when it is not one. */
function instant(value: string, name: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`${name}: not a date: ${value}`);
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString();
