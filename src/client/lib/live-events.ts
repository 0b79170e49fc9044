import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { liveEventKinds, liveReconnectSeconds } from '@shared/live-event-kinds';
// types only: this module adds no zod to the signed-in pages
import type { TLiveEvent } from '@shared/live-events';
import { getSessionUser, subscribeSession } from './api/session';
import { adminOrderKeys } from './api/admin-orders';
import { threadKeys } from './api/order-messages';
import { orderKeys } from './api/orders';
import { setLiveStatus } from './live-status';
import { apiPath } from './api/request';

/*
 * The signed-in user's live stream (GET /api/events, ADR 0029): ONE EventSource per tab,
 * opened while a page of the query layout is shown to someone signed in. An event says what changed
 * on which order; the queries that show that order are invalidated, and those on screen refetch
 * through the usual endpoints. After a drop the stream is closed and opened again after 1, 2, 5,
 * then every 10 s (docs/product.md, "Constants and limits"; back to 1 s after an open), resuming after the last event seen;
 * once it is open again every query on screen refetches, for anything the stream could not replay.
 */

let source: EventSource | undefined;
let client: QueryClient | undefined;
/** whose stream this is: another user (or none) closes it and forgets the resume point */
let userId: string | undefined;
/** the newest event id seen: where a reconnect resumes */
let lastEventId: string | undefined;
/** failed attempts since the last open: the index into liveReconnectSeconds */
let attempt = 0;
/** set once a stream of this user was open: the next open refetches what the page shows */
let wasOpen = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
/** mounted users of the stream (the query layout, once per page frame) */
let holders = 0;
let unsubscribeSession: (() => void) | undefined;

/** How long the stream outlives its last holder: a navigation between the customer's and the admin's frames keeps it. */
const releaseGraceMs = 5_000;

/** The queries an event on `orderId` may change: the lists, the order (and its documents), its thread and the unread count. */
export function queryKeysFor({ kind, orderId }: TLiveEvent): QueryKey[] {
  if (orderId === null) return [orderKeys.all, adminOrderKeys.all, threadKeys.unread];
  const keys: QueryKey[] = [orderKeys.list(), orderKeys.detail(orderId), adminOrderKeys.lists(), adminOrderKeys.detail(orderId)];
  if (kind === 'message' || kind === 'request') keys.push(threadKeys.thread(orderId), threadKeys.unread);
  // a payment may resolve a payment review on the admin list
  if (kind === 'status') keys.push(adminOrderKeys.paymentReviews());
  return keys;
}

function seen(id: string) {
  if (id !== '' && (lastEventId === undefined || Number(id) > Number(lastEventId))) lastEventId = id;
}

function onEvent(event: MessageEvent<string>) {
  seen(event.lastEventId);
  let data: TLiveEvent;
  try {
    data = JSON.parse(event.data) as TLiveEvent;
  } catch {
    return;
  }
  for (const queryKey of queryKeysFor(data)) void client?.invalidateQueries({ queryKey });
}

function connect() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  // jsdom and very old browsers: no stream, the pages' own refetching stays
  if (typeof EventSource === 'undefined' || source) return;
  setLiveStatus('connecting');
  // a new EventSource cannot set Last-Event-ID itself: the server reads it from the query too
  const opened = new EventSource(apiPath('GET /api/events', { query: { lastEventId } }));
  source = opened;
  opened.onopen = () => {
    attempt = 0;
    setLiveStatus('open');
    if (wasOpen) void client?.invalidateQueries();
    wasOpen = true;
  };
  opened.addEventListener('ready', (event) => seen((event as MessageEvent<string>).lastEventId));
  for (const kind of liveEventKinds) opened.addEventListener(kind, (event) => onEvent(event as MessageEvent<string>));
  opened.onerror = () => {
    // the browser would retry on its own schedule: ours is the product's, and resumes from the last id
    opened.close();
    if (source !== opened) return;
    source = undefined;
    setLiveStatus('connecting');
    const delay = liveReconnectSeconds[Math.min(attempt, liveReconnectSeconds.length - 1)]!;
    attempt += 1;
    retryTimer = setTimeout(connect, delay * 1000);
  };
}

function disconnect() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = undefined;
  attempt = 0;
  setLiveStatus('off');
}

/** Opens the stream for the signed-in user, closes it at sign-out, starts afresh for another user. */
function followSession() {
  const next = getSessionUser()?.id;
  if (next === userId) return;
  disconnect();
  userId = next;
  lastEventId = undefined;
  wasOpen = false;
  if (userId !== undefined) connect();
}

function hold(queryClient: QueryClient) {
  client = queryClient;
  holders += 1;
  clearTimeout(releaseTimer);
  releaseTimer = undefined;
  if (holders > 1) return;
  unsubscribeSession ??= subscribeSession(followSession);
  followSession();
  if (userId !== undefined && !source && retryTimer === undefined) connect();
}

function release() {
  holders = Math.max(0, holders - 1);
  if (holders > 0) return;
  releaseTimer = setTimeout(() => {
    releaseTimer = undefined;
    unsubscribeSession?.();
    unsubscribeSession = undefined;
    // the user and the resume point stay: the next hold by the same user resumes after the last
    // event seen and refetches what its page shows; another user starts afresh (followSession)
    disconnect();
  }, releaseGraceMs);
}

/**
 * Keeps the tab's live stream open while the calling component is mounted and someone is signed
 * in (the query layout calls it); invalidates the given client's queries as events arrive.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    hold(queryClient);
    return release;
  }, [queryClient]);
}

/** Mounts the stream (for a layout's JSX). */
export function LiveEvents(): null {
  useLiveEvents();
  return null;
}

/** Tests only: forgets the stream and every module state, as a new tab would start. */
export function resetLiveEventsForTests(): void {
  clearTimeout(releaseTimer);
  releaseTimer = undefined;
  unsubscribeSession?.();
  unsubscribeSession = undefined;
  disconnect();
  holders = 0;
  userId = undefined;
  lastEventId = undefined;
  wasOpen = false;
  client = undefined;
}
