/*
 * The live stream's kinds and timings without zod: the client's stream
 * (src/client/lib/live-events.ts) loads with every signed-in page, and zod would come with it.
 * src/shared/live-events.ts re-exports them beside the event's schema.
 */

export const liveEventKinds = ['message', 'request', 'milestone', 'status', 'document', 'order'] as const;
export type TLiveEventKind = (typeof liveEventKinds)[number];

/** docs/product.md, "Constants and limits": a heartbeat every 30 s; after a drop, reconnect after 1, 2, 5, then every 10 s. */
export const liveHeartbeatSeconds = 30;
export const liveReconnectSeconds = [1, 2, 5, 10] as const;
