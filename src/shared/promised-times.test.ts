import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPromise, promiseHours, promiseState, requestPromise, resolvePromiseHours, ticketPromise, type PromiseOrderInput } from './promised-times';

const hour = 3_600_000;
const day = 24 * hour;
const at = (iso: string) => new Date(iso);
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

const paid = (input: Partial<PromiseOrderInput> = {}): PromiseOrderInput => ({
  status: 'paid',
  paidAt: '2025-06-02T09:00:00.000Z',
  nationality: 'MX',
  milestones: [],
  ...input,
});
const filed = (occurredOn: string, recordedAt?: string | null) => ({ milestone: 'filed_with_state' as const, occurredOn, recordedAt });

describe('promiseHours', () => {
  it("holds the product's promises: processing within 24 h, US 24-48 h, others 2-4 weeks, support within 12 h", () => {
    expect(promiseHours).toEqual({ processingStart: 24, stateApproval: { from: 24, to: 48 }, einIssued: { from: 14 * 24, to: 28 * 24 }, supportReply: 12 });
    expect(Object.isFrozen(promiseHours) && Object.isFrozen(promiseHours.stateApproval) && Object.isFrozen(promiseHours.einIssued)).toBe(true);
  });

  it('applies overrides field by field and keeps the rest', () => {
    expect(resolvePromiseHours({ supportReply: 24, stateApproval: { to: 72 }, einIssued: { from: undefined, to: 21 * 24 } })).toEqual({
      processingStart: 24,
      stateApproval: { from: 24, to: 72 },
      einIssued: { from: 14 * 24, to: 21 * 24 },
      supportReply: 24,
    });
    expect(resolvePromiseHours()).toEqual(promiseHours);
  });

  it.each([
    [{ supportReply: Number.NaN }],
    [{ processingStart: -1 }],
    [{ supportReply: Number.POSITIVE_INFINITY }],
    [{ stateApproval: { from: 49 } }],
    [{ einIssued: { from: 30 * 24, to: 29 * 24 } }],
  ])('refuses %j', (overrides) => {
    expect(() => resolvePromiseHours(overrides)).toThrow(RangeError);
  });
});

describe('orderPromise: processing starts within 24 hours of payment', () => {
  it('an order paid at 09:00 UTC is due at 09:00 the next day: on time at 09:00, overdue by 60000 ms at 09:01', () => {
    const promise = orderPromise(paid());
    expect(promise).toEqual({ kind: 'processing_start', from: null, dueAt: '2025-06-03T09:00:00.000Z' });
    expect(promiseState(promise!.dueAt, at('2025-06-02T09:00:00.000Z'))).toEqual({ state: 'due_today' });
    expect(promiseState(promise!.dueAt, at('2025-06-03T09:00:00.000Z'))).toEqual({ state: 'due_today' });
    expect(promiseState(promise!.dueAt, at('2025-06-03T09:01:00.000Z'))).toEqual({ state: 'overdue', lateByMs: 60_000 });
  });

  it('counts weekends as days: paid Friday 18:00 is due Saturday 18:00', () => {
    const friday = '2025-06-06T18:00:00.000Z';
    expect(at(friday).getUTCDay()).toBe(5);
    const dueAt = orderPromise(paid({ paidAt: friday }))!.dueAt;
    expect(dueAt).toBe('2025-06-07T18:00:00.000Z');
    expect(at(dueAt).getUTCDay()).toBe(6);
  });

  it('applies the processing-start override', () => {
    expect(orderPromise(paid(), { processingStart: 48 })?.dueAt).toBe('2025-06-04T09:00:00.000Z');
  });

  it('is met once the order is processing by its status or by a milestone after the payment', () => {
    expect(orderPromise(paid({ status: 'processing' }))?.kind).toBe('ein_issued');
    expect(orderPromise(paid({ milestones: [{ milestone: 'payment_received', occurredOn: '2025-06-02' }] }))?.kind).toBe('processing_start');
    expect(orderPromise(paid({ milestones: [filed('2025-06-02', '2025-06-02T15:00:00.000Z')] }))?.kind).toBe('ein_issued');
    expect(orderPromise(paid({ nationality: 'US', milestones: [filed('2025-06-02', '2025-06-02T15:00:00.000Z')] }))?.kind).toBe('state_approval');
  });
});

describe('orderPromise: after processing started', () => {
  const filing = filed('2025-06-03', '2025-06-03T15:00:00.000Z');

  it("a US citizen: the state's approval within 24-48 hours of the filing", () => {
    expect(orderPromise(paid({ status: 'processing', nationality: 'US', milestones: [filing] }))).toEqual({
      kind: 'state_approval',
      from: '2025-06-04T15:00:00.000Z',
      dueAt: '2025-06-05T15:00:00.000Z',
    });
  });

  it('a non-US founder: the EIN 2-4 weeks after the payment, whenever the filing was', () => {
    const expected = { kind: 'ein_issued', from: '2025-06-16T09:00:00.000Z', dueAt: '2025-06-30T09:00:00.000Z' };
    expect(orderPromise(paid({ status: 'processing', milestones: [filing] }))).toEqual(expected);
    expect(orderPromise(paid({ status: 'processing', milestones: [filed('2025-06-10', '2025-06-10T08:00:00.000Z')] }))).toEqual(expected);
    expect(orderPromise(paid({ status: 'processing', milestones: [filing, { milestone: 'state_approved', occurredOn: '2025-06-05' }] }))).toEqual(expected);
  });

  it('a non-US founder: the window overrides apply', () => {
    expect(orderPromise(paid({ status: 'processing' }), { einIssued: { from: 7 * 24, to: 21 * 24 } })).toEqual({
      kind: 'ein_issued',
      from: '2025-06-09T09:00:00.000Z',
      dueAt: '2025-06-23T09:00:00.000Z',
    });
  });

  it('a US citizen without a recorded filing: from when processing started, else from the payment', () => {
    expect(orderPromise(paid({ status: 'processing', nationality: 'US', processingStartedAt: '2025-06-02T20:00:00.000Z' }))).toEqual({
      kind: 'state_approval',
      from: '2025-06-03T20:00:00.000Z',
      dueAt: '2025-06-04T20:00:00.000Z',
    });
    expect(orderPromise(paid({ status: 'processing', nationality: 'US' }))).toEqual({
      kind: 'state_approval',
      from: '2025-06-03T09:00:00.000Z',
      dueAt: '2025-06-04T09:00:00.000Z',
    });
    expect(orderPromise(paid({ status: 'processing', nationality: 'US', processingStartedAt: '2025-06-02T20:00:00.000Z', milestones: [filing] }))?.dueAt).toBe(
      '2025-06-05T15:00:00.000Z',
    );
    expect(orderPromise(paid({ status: 'processing', nationality: 'US' }), { stateApproval: { from: 12, to: 72 } })).toEqual({
      kind: 'state_approval',
      from: '2025-06-02T21:00:00.000Z',
      dueAt: '2025-06-05T09:00:00.000Z',
    });
  });

  it('a filing recorded on a later day starts at the end of its own day (UTC); one recorded ahead of UTC, when it was recorded', () => {
    const us = (entry: ReturnType<typeof filed>) => orderPromise(paid({ status: 'processing', nationality: 'US', milestones: [entry] }))?.dueAt;
    expect(us(filed('2025-06-03', '2025-06-05T10:00:00.000Z'))).toBe('2025-06-05T23:59:59.999Z');
    expect(us(filed('2025-06-03'))).toBe('2025-06-05T23:59:59.999Z');
    expect(us(filed('2025-06-03', null))).toBe('2025-06-05T23:59:59.999Z');
    expect(us(filed('2025-06-04', '2025-06-03T23:30:00.000Z'))).toBe('2025-06-05T23:30:00.000Z');
  });
});

describe('orderPromise: nothing promised', () => {
  it.each<[string, Partial<PromiseOrderInput>]>([
    ['unpaid', { status: 'pending_payment', paidAt: null }],
    ['no payment time', { status: 'paid', paidAt: null }],
    ['moved back to pending payment', { status: 'pending_payment' }],
    ['completed', { status: 'completed' }],
    ['completed, US', { status: 'completed', nationality: 'US' }],
    [
      'US, state approved',
      { status: 'processing', nationality: 'US', milestones: [filed('2025-06-02'), { milestone: 'state_approved', occurredOn: '2025-06-03' }] },
    ],
    ['US, a later milestone recorded', { status: 'processing', nationality: 'US', milestones: [{ milestone: 'ein_requested', occurredOn: '2025-06-03' }] }],
    ['non-US, EIN issued', { status: 'processing', milestones: [{ milestone: 'ein_issued', occurredOn: '2025-06-20' }] }],
    ['non-US, documents ready', { status: 'processing', milestones: [{ milestone: 'documents_ready', occurredOn: '2025-06-21' }] }],
  ])('%s', (_, input) => {
    expect(orderPromise(paid(input))).toBeNull();
  });

  it('is still promised to a non-US founder whose state approval (not the EIN) is recorded', () => {
    expect(orderPromise(paid({ status: 'processing', milestones: [{ milestone: 'state_approved', occurredOn: '2025-06-03' }] }))?.kind).toBe('ein_issued');
  });

  it('refuses a payment time that is not a date', () => {
    expect(() => orderPromise(paid({ paidAt: 'yesterday' }))).toThrow(RangeError);
  });
});

describe('UTC arithmetic across daylight saving changes', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('stays exact in a zone that changes its clocks (New York: 9 March and 2 November 2025)', () => {
    // the zone took effect: New York is UTC-5 before the change, UTC-4 after
    expect([at('2025-03-08T12:00:00.000Z').getTimezoneOffset(), at('2025-03-10T12:00:00.000Z').getTimezoneOffset()]).toEqual([300, 240]);

    const spring = orderPromise(paid({ paidAt: '2025-03-08T12:00:00.000Z' }))!;
    expect(spring.dueAt).toBe('2025-03-09T12:00:00.000Z');
    expect(Date.parse(spring.dueAt) - Date.parse('2025-03-08T12:00:00.000Z')).toBe(24 * hour);

    const autumn = orderPromise(paid({ paidAt: '2025-11-01T12:00:00.000Z', status: 'processing', nationality: 'US' }))!;
    expect(autumn.dueAt).toBe('2025-11-03T12:00:00.000Z');

    const ein = orderPromise(paid({ paidAt: '2025-03-05T12:00:00.000Z', status: 'processing' }))!;
    expect(ein).toEqual({ kind: 'ein_issued', from: '2025-03-19T12:00:00.000Z', dueAt: '2025-04-02T12:00:00.000Z' });
    expect(Date.parse(ein.dueAt) - Date.parse('2025-03-05T12:00:00.000Z')).toBe(28 * day);

    expect(requestPromise({ status: 'open', dueOn: '2025-03-09' })?.dueAt).toBe('2025-03-09T23:59:59.999Z');
    expect(promiseState('2025-03-09T12:00:00.000Z', at('2025-03-08T12:00:00.000Z'))).toEqual({ state: 'due_today' });
  });
});

describe('ticketPromise: support answers within 12 hours of the last customer message', () => {
  const asked = '2025-06-07T20:30:00.000Z';

  it('an open ticket is due 12 hours after the last customer message, over the weekend too', () => {
    expect(ticketPromise({ status: 'open', lastCustomerMessageAt: asked })).toEqual({ kind: 'support_reply', from: asked, dueAt: '2025-06-08T08:30:00.000Z' });
    expect(ticketPromise({ status: 'open', lastCustomerMessageAt: asked, lastTeamReplyAt: null })?.dueAt).toBe('2025-06-08T08:30:00.000Z');
  });

  it('applies SUPPORT_REPLY_HOURS', () => {
    expect(ticketPromise({ status: 'open', lastCustomerMessageAt: asked }, { supportReply: 24 })?.dueAt).toBe('2025-06-08T20:30:00.000Z');
  });

  it('is null once answered at or after the last customer message, or closed', () => {
    expect(ticketPromise({ status: 'open', lastCustomerMessageAt: asked, lastTeamReplyAt: plus(asked, 60_000) })).toBeNull();
    expect(ticketPromise({ status: 'open', lastCustomerMessageAt: asked, lastTeamReplyAt: asked })).toBeNull();
    expect(ticketPromise({ status: 'answered', lastCustomerMessageAt: asked })).toBeNull();
    expect(ticketPromise({ status: 'closed', lastCustomerMessageAt: asked })).toBeNull();
  });

  it('is due again when the customer wrote after the last reply', () => {
    expect(ticketPromise({ status: 'open', lastCustomerMessageAt: asked, lastTeamReplyAt: plus(asked, -1) })?.dueAt).toBe('2025-06-08T08:30:00.000Z');
  });
});

describe('requestPromise: due by the end of its day (UTC)', () => {
  it('an open request is due at the last millisecond of its day: due today all that day, overdue from the next', () => {
    const promise = requestPromise({ status: 'open', dueOn: '2025-06-03' });
    expect(promise).toEqual({ kind: 'request_due', from: null, dueAt: '2025-06-03T23:59:59.999Z' });
    expect(promiseState(promise!.dueAt, at('2025-06-02T23:59:59.999Z'))).toEqual({ state: 'due_today' });
    expect(promiseState(promise!.dueAt, at('2025-06-02T23:59:59.998Z'))).toEqual({ state: 'later' });
    expect(promiseState(promise!.dueAt, at('2025-06-03T23:59:59.999Z'))).toEqual({ state: 'due_today' });
    expect(promiseState(promise!.dueAt, at('2025-06-04T00:00:00.000Z'))).toEqual({ state: 'overdue', lateByMs: 1 });
  });

  it('is null once answered or withdrawn', () => {
    expect(requestPromise({ status: 'answered', dueOn: '2025-06-03' })).toBeNull();
    expect(requestPromise({ status: 'withdrawn', dueOn: '2025-06-03' })).toBeNull();
  });

  it.each(['2025-02-30', '2025-6-3', '2025-06-03T00:00:00Z', ''])('refuses the day %j', (dueOn) => {
    expect(() => requestPromise({ status: 'open', dueOn })).toThrow(RangeError);
  });
});

describe('promiseState', () => {
  const dueAt = '2025-06-03T09:00:00.000Z';

  it.each([
    ['an hour late', '2025-06-03T10:00:00.000Z', { state: 'overdue', lateByMs: hour }],
    ['a millisecond late', '2025-06-03T09:00:00.001Z', { state: 'overdue', lateByMs: 1 }],
    ['at the due moment', '2025-06-03T09:00:00.000Z', { state: 'due_today' }],
    ['due in a minute', '2025-06-03T08:59:00.000Z', { state: 'due_today' }],
    ['due in exactly 24 hours', '2025-06-02T09:00:00.000Z', { state: 'due_today' }],
    ['due in 24 hours and a millisecond', '2025-06-02T08:59:59.999Z', { state: 'later' }],
    ['due in three days', '2025-05-31T09:00:00.000Z', { state: 'later' }],
  ])('%s', (_, now, expected) => {
    expect(promiseState(dueAt, at(now))).toEqual(expected);
    expect(promiseState(at(dueAt), at(now))).toEqual(expected);
  });

  it('is a rolling 24 hours, not the UTC calendar day', () => {
    // due just after the next UTC midnight, seen late the evening before: due today for the team
    expect(promiseState('2025-06-04T02:00:00.000Z', at('2025-06-03T22:00:00.000Z'))).toEqual({ state: 'due_today' });
    // more than 24 hours away, though only the next UTC day
    expect(promiseState('2025-06-05T00:30:00.000Z', at('2025-06-04T00:00:00.000Z'))).toEqual({ state: 'later' });
  });

  it('refuses an invalid date', () => {
    expect(() => promiseState('soon', at('2025-06-03T09:00:00.000Z'))).toThrow(RangeError);
    expect(() => promiseState(dueAt, new Date(Number.NaN))).toThrow(RangeError);
  });
});
