import { z } from 'zod';
import { liveEventKinds } from './live-event-kinds';

/*
 * The live stream (GET /api/events): what changed and on which order, never the change
 * itself. The reader refetches what it shows, through the same endpoints and access checks, so
 * the stream carries nothing the reader could not already read.
 */

export { liveEventKinds, liveHeartbeatSeconds, liveReconnectSeconds, type TLiveEventKind } from './live-event-kinds';

/** An event's `data` (its SSE `event:` field is the kind, its `id:` the resume point). */
export const ZLiveEvent = z.object({ kind: z.enum(liveEventKinds), orderId: z.string().nullable() });
export type TLiveEvent = z.output<typeof ZLiveEvent>;

/** GET /api/events: where a reconnecting stream resumes (EventSource's Last-Event-ID, or this for the first connection) */
export const ZResumeQuery = z.object({ lastEventId: z.string().max(40).optional() });
