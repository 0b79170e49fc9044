import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSessionUser } from '@shared/auth';
import { adminOrderKeys } from './api/admin-orders';
import { threadKeys } from './api/order-messages';
import { orderKeys } from './api/orders';
import { setSession } from './api/session';
import { resetLiveEventsForTests, useLiveEvents } from './live-events';
import { useLiveConnected } from './live-status';

/**
 * The browser's EventSource, at the network's edge: the test opens, errors and sends events as a
 * server would. jsdom has none of its own.
 */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** the server's answer arrived */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }
  /** the connection dropped (or was refused) */
  fail() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
  send(type: string, id: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  static last(): FakeEventSource {
    return FakeEventSource.made.at(-1)!;
  }
}

const customer: TSessionUser = { id: 'u1', name: 'Ana', email: 'ana@example.com', emailVerified: true, isAdmin: false, twoFactorEnabled: false };

function seededClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(orderKeys.list(), []);
  client.setQueryData(orderKeys.detail('a'), { id: 'a' });
  client.setQueryData(orderKeys.documents('a'), []);
  client.setQueryData(orderKeys.detail('b'), { id: 'b' });
  client.setQueryData(threadKeys.thread('a'), { messages: [] });
  client.setQueryData(threadKeys.thread('b'), { messages: [] });
  client.setQueryData(threadKeys.unread, { unread: 0 });
  client.setQueryData(adminOrderKeys.list({}), { pages: [], pageParams: [] });
  client.setQueryData(adminOrderKeys.detail('a'), { order: { id: 'a' } });
  const stale = (key: readonly unknown[]) => Boolean(client.getQueryState(key)?.isInvalidated);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, stale, wrapper };
}

function mount() {
  const seeded = seededClient();
  const hook = renderHook(
    () => {
      useLiveEvents();
      return useLiveConnected();
    },
    { wrapper: seeded.wrapper },
  );
  return { ...seeded, hook };
}

describe('the live stream in the browser', () => {
  beforeEach(() => {
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    resetLiveEventsForTests();
    setSession(null);
  });
  afterEach(() => {
    resetLiveEventsForTests();
    setSession(null);
    vi.useRealTimers();
  });

  it('opens one stream only for someone signed in, and closes it at sign-out', () => {
    const { hook } = mount();
    expect(FakeEventSource.made).toHaveLength(0);
    act(() => setSession(customer));
    expect(FakeEventSource.made.map((source) => source.url)).toEqual(['/api/events']);
    expect(hook.result.current).toBe(false);
    act(() => FakeEventSource.last().open());
    expect(hook.result.current).toBe(true);

    // a second user of the stream in the same tab shares it
    renderHook(() => useLiveEvents(), { wrapper: seededClient().wrapper });
    expect(FakeEventSource.made).toHaveLength(1);

    act(() => setSession(null));
    expect(FakeEventSource.last().readyState).toBe(FakeEventSource.CLOSED);
    expect(hook.result.current).toBe(false);
  });

  it("invalidates what shows the event's order: its thread and the unread count for a message, the lists and the order for all", () => {
    const { stale } = mount();
    act(() => setSession(customer));
    act(() => FakeEventSource.last().open());

    act(() => FakeEventSource.last().send('message', '7', { kind: 'message', orderId: 'a' }));
    expect(stale(threadKeys.thread('a'))).toBe(true);
    expect(stale(threadKeys.unread)).toBe(true);
    expect(stale(orderKeys.detail('a'))).toBe(true);
    expect(stale(orderKeys.documents('a'))).toBe(true);
    expect(stale(orderKeys.list())).toBe(true);
    expect(stale(adminOrderKeys.detail('a'))).toBe(true);
    expect(stale(adminOrderKeys.list({}))).toBe(true);
    // another order's are left alone
    expect(stale(orderKeys.detail('b'))).toBe(false);
    expect(stale(threadKeys.thread('b'))).toBe(false);
  });

  it('a status change does not refetch the thread', () => {
    const { stale } = mount();
    act(() => setSession(customer));
    act(() => FakeEventSource.last().open());
    act(() => FakeEventSource.last().send('status', '8', { kind: 'status', orderId: 'a' }));
    expect(stale(orderKeys.detail('a'))).toBe(true);
    expect(stale(threadKeys.thread('a'))).toBe(false);
  });

  it('after a drop reconnects after 1, 2, 5, then every 10 s, resuming after the last event seen; an open resets the delays and refetches everything', () => {
    vi.useFakeTimers();
    const { stale, hook } = mount();
    act(() => setSession(customer));
    act(() => FakeEventSource.last().open());
    act(() => FakeEventSource.last().send('ready', '40', {}));
    act(() => FakeEventSource.last().send('document', '42', { kind: 'document', orderId: 'b' }));

    /** the next stream is made exactly `seconds` after the drop, not before */
    const reconnectsAfter = (seconds: number) => {
      const before = FakeEventSource.made.length;
      act(() => FakeEventSource.last().fail());
      expect(hook.result.current).toBe(false);
      act(() => void vi.advanceTimersByTime(seconds * 1000 - 1));
      expect(FakeEventSource.made).toHaveLength(before);
      act(() => void vi.advanceTimersByTime(1));
      expect(FakeEventSource.made).toHaveLength(before + 1);
      expect(FakeEventSource.made[before - 1]!.readyState).toBe(FakeEventSource.CLOSED);
    };
    reconnectsAfter(1);
    expect(FakeEventSource.last().url).toBe('/api/events?lastEventId=42');
    reconnectsAfter(2);
    reconnectsAfter(5);
    reconnectsAfter(10);
    reconnectsAfter(10);
    expect(stale(threadKeys.thread('a'))).toBe(false);

    act(() => FakeEventSource.last().open());
    expect(hook.result.current).toBe(true);
    // everything on screen refetches: the stream may not have replayed all it missed
    expect(stale(threadKeys.thread('a'))).toBe(true);
    expect(stale(orderKeys.detail('a'))).toBe(true);
    reconnectsAfter(1);
    expect(FakeEventSource.last().url).toBe('/api/events?lastEventId=42');
  });

  it('starts afresh for another user, and stops retrying at sign-out', () => {
    vi.useFakeTimers();
    mount();
    act(() => setSession(customer));
    act(() => FakeEventSource.last().open());
    act(() => FakeEventSource.last().send('message', '9', { kind: 'message', orderId: 'a' }));
    act(() => setSession({ ...customer, id: 'u2' }));
    expect(FakeEventSource.made.map((source) => source.url)).toEqual(['/api/events', '/api/events']);

    act(() => FakeEventSource.last().fail());
    act(() => setSession(null));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.made).toHaveLength(2);
  });

  it('does nothing where there is no EventSource (jsdom, old browsers)', () => {
    vi.stubGlobal('EventSource', undefined);
    const { hook } = mount();
    act(() => setSession(customer));
    expect(hook.result.current).toBe(false);
  });
});
