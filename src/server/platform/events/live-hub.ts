import { and, asc, eq, gt, inArray, isNull, lt, max, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@shared/app-error';
import { hasAdminAccess } from '@shared/auth';
import type { TLiveEventKind } from '@shared/live-events';
import { DatabaseUnavailableError, type Database, type Unlisten } from '../../db/client';
import { sessions, userEvents, users } from '../../db/schema';
import { countsAsSession } from '../auth/session-lookup';

/** Open live streams one account may hold on one instance: every tab of a few devices, not a connection flood. */
export const maxStreamsPerAccount = 20;

/** The channels the triggers of drizzle/0019 NOTIFY: `<event id>:<reader>` ('' = the team), and a changed user's id ('*' = every user). */
export const eventsChannel = 'app_events';
export const userChangesChannel = 'app_user_changes';

/** A `user_events` row as the stream sends it: its id (the resume point), what changed and on which order. */
export interface LiveEventRow {
  id: number;
  kind: TLiveEventKind;
  orderId: string | null;
}

/** Where a stream's text goes: `write` says false once the reader lags too far behind (the hub then ends the stream). */
export interface StreamSink {
  write(chunk: string): boolean;
  end(): void;
}

/** The signed-in reader of a stream: the session is checked again by its token whenever the user changes. */
export interface StreamReader {
  userId: string;
  token: string;
}

/** One open stream. Kept small: 500 streams must cost well under 50 MB (the bench measures it). */
export interface LiveStream {
  readonly userId: string;
  readonly token: string;
  /** the reader's administrator access when the stream opened: team events go to these, and a change ends the stream */
  readonly admin: boolean;
  readonly sink: StreamSink;
  /** the highest event id sent: a catch-up reads after it */
  lastId: number;
  /** events that arrived while the backlog (or a catch-up) was read; sent after it, without the ones it held */
  pending: LiveEventRow[] | undefined;
  /** the ids of the last backlog, until the next heartbeat: a notification of one arriving late is not sent twice */
  recent: Set<number> | undefined;
  /** set when events may have been missed while the backlog was read (the listener reconnected) */
  stale: boolean;
  expiresAt: number;
  expiry: NodeJS.Timeout | undefined;
  closed: boolean;
}

/**
 * How long `user_events` rows are kept: a client away longer resumes with a gap the stream cannot
 * fill, and refetches what it shows anyway (it does after every reconnect).
 */
export const userEventsRetentionMs = 24 * 3600_000;

/** Removes the events older than a day; the job registry runs it hourly with the user_changes pruning (src/server/jobs.ts). */
export async function pruneUserEvents(db: Database['db'], now = new Date()): Promise<void> {
  await db.delete(userEvents).where(lt(userEvents.createdAt, new Date(now.getTime() - userEventsRetentionMs)));
}

/** How many missed events a stream sends on (re)connect, oldest first; the client refetches what it shows after a reconnect anyway. */
export const backlogLimit = 500;
/** setTimeout's longest delay (about 24.8 days); a later expiry is looked at again then. */
const maxTimerMs = 2 ** 31 - 1;

const frame = (event: LiveEventRow) => `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify({ kind: event.kind, orderId: event.orderId })}\n\n`;
const heartbeatFrame = ': heartbeat\n\n';
const byId = (a: LiveEventRow, b: LiveEventRow) => a.id - b.id;
const eventColumns = { id: userEvents.id, userId: userEvents.userId, kind: userEvents.kind, orderId: userEvents.orderId };

/**
 * The open live streams of this instance, by user (ADR 0029). Every instance LISTENs to
 * the two channels its database NOTIFYs at commit: a new `user_events` row is read (by its id) and
 * written to its reader's streams, or, for a team event, to every stream of a user with
 * administrator access; a changed user (sign-out, session end or refresh, demotion, on any
 * instance or tool) has each of their streams' sessions read again, and a stream whose session is
 * gone or expired, or whose reader's administrator access changed, is ended at once.
 */
export class LiveEventsHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly admins = new Set<LiveStream>();
  private count = 0;
  private started: Promise<void> | undefined;
  private unlisten: Unlisten[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;
  /** event ids notified and not yet read; read in one query per turn of the event loop, in order */
  private toFetch: number[] = [];
  private readonly fetchScheduled = { events: false, users: false };
  private fetching: Promise<void> = Promise.resolve();
  /** users whose streams' sessions are due for a look ('*' = every stream) */
  private toRecheck = new Set<string>();
  private rechecking: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly heartbeatSeconds: number,
  ) {}

  /** How many streams are open on this instance. */
  get size(): number {
    return this.count;
  }

  /**
   * Opens a stream for the session behind `reader.token`: registered first (live events are held
   * from then on), then the backlog after `lastEventId` is read and written (or, without one, a
   * `ready` event naming the reader's newest event id), then the held events the backlog did not
   * contain. So nothing committed before or after the backlog's read is skipped or sent twice.
   */
  async open(reader: StreamReader, sink: StreamSink, lastEventId: number | undefined): Promise<LiveStream> {
    if (this.closing) throw new AppError('unavailable');
    try {
      await (this.started ??= this.start().catch((error: unknown) => {
        this.started = undefined;
        throw error;
      }));
    } catch (error) {
      throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
    }
    const [session] = await this.sessionsOf([reader.token]);
    if (!session || !countsAsSession(session) || session.expiresAt.getTime() <= Date.now()) throw new AppError('unauthorized');
    // a person has a few tabs and devices open; more streams than this on one instance are someone holding connections
    if ((this.byUser.get(reader.userId)?.size ?? 0) >= maxStreamsPerAccount) throw new AppError('rate_limited');
    const stream: LiveStream = {
      userId: reader.userId,
      token: reader.token,
      admin: hasAdminAccess(session),
      sink,
      lastId: lastEventId ?? 0,
      pending: [],
      recent: undefined,
      stale: false,
      expiresAt: session.expiresAt.getTime(),
      expiry: undefined,
      closed: false,
    };
    this.add(stream);
    try {
      await this.fill(stream, lastEventId);
    } catch (error) {
      this.drop(stream);
      throw error;
    }
    if (this.closing) this.end(stream);
    return stream;
  }

  /** Forgets a stream whose connection ended (idempotent). */
  drop(stream: LiveStream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.expiry);
    const streams = this.byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.userId);
    this.admins.delete(stream);
    this.count -= 1;
    if (this.count === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** Ends a stream now: its reader's EventSource sees the connection close. */
  end(stream: LiveStream): void {
    this.drop(stream);
    stream.sink.end();
  }

  /** Server shutdown: every stream ends at once (the clients reconnect to another instance), then the listening stops. */
  async close(): Promise<void> {
    this.closing = true;
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) this.end(stream);
    await this.started?.catch(() => undefined);
    const unlisten = this.unlisten;
    this.unlisten = [];
    await Promise.all(unlisten.map((stop) => stop().catch(() => undefined)));
  }

  private async start(): Promise<void> {
    const onEvent = (payload: string) => this.notified(payload);
    const onUser = (payload: string) => this.userChanged(payload);
    this.unlisten.push(await this.database.listen(eventsChannel, onEvent, () => this.catchUpAll()));
    this.unlisten.push(await this.database.listen(userChangesChannel, onUser, () => this.userChanged('*')));
  }

  private add(stream: LiveStream) {
    let streams = this.byUser.get(stream.userId);
    if (!streams) this.byUser.set(stream.userId, (streams = new Set()));
    streams.add(stream);
    if (stream.admin) this.admins.add(stream);
    this.count += 1;
    this.scheduleExpiry(stream);
    this.heartbeat ??= setInterval(() => this.beat(), this.heartbeatSeconds * 1000).unref();
  }

  private beat() {
    for (const streams of this.byUser.values()) {
      for (const stream of streams) {
        stream.recent = undefined;
        this.write(stream, heartbeatFrame);
      }
    }
  }

  private write(stream: LiveStream, chunk: string) {
    if (stream.closed) return;
    // a reader too slow to take its events (a stalled connection) is ended; it resumes from its last id
    if (!stream.sink.write(chunk)) this.end(stream);
  }

  private send(stream: LiveStream, event: LiveEventRow) {
    this.write(stream, frame(event));
    if (event.id > stream.lastId) stream.lastId = event.id;
  }

  private scheduleExpiry(stream: LiveStream) {
    clearTimeout(stream.expiry);
    const inMs = stream.expiresAt - Date.now();
    stream.expiry = setTimeout(
      () => (stream.expiresAt <= Date.now() ? this.end(stream) : this.scheduleExpiry(stream)),
      Math.max(0, Math.min(inMs, maxTimerMs)),
    ).unref();
  }

  /** What a stream's reader may receive: their own events, and the team's if they had administrator access when it opened. */
  private readerFilter(stream: LiveStream): SQL {
    const own = eq(userEvents.userId, stream.userId);
    return stream.admin ? or(own, isNull(userEvents.userId))! : own;
  }

  /**
   * Writes what the stream missed, then the events held meanwhile that it did not contain. After
   * `after` (the backlog, at most backlogLimit, oldest first), or without it a `ready` event with
   * the reader's newest id, the point a later reconnect resumes from.
   */
  private async fill(stream: LiveStream, after: number | undefined): Promise<void> {
    stream.pending ??= [];
    stream.stale = false;
    const { db } = this.database;
    let sent: Set<number> | undefined;
    if (after === undefined) {
      const [row] = await db
        .select({ id: max(userEvents.id) })
        .from(userEvents)
        .where(this.readerFilter(stream));
      const id = Number(row?.id ?? 0);
      stream.lastId = Math.max(stream.lastId, id);
      this.write(stream, `id: ${id}\nevent: ready\ndata: {}\n\n`);
    } else {
      const rows = await db
        .select(eventColumns)
        .from(userEvents)
        .where(and(this.readerFilter(stream), gt(userEvents.id, after)))
        .orderBy(asc(userEvents.id))
        .limit(backlogLimit);
      for (const row of rows) this.send(stream, row as LiveEventRow);
      if (rows.length > 0) sent = new Set(rows.map((row) => row.id));
    }
    const held = stream.pending;
    stream.pending = undefined;
    for (const event of held.sort(byId)) if (!sent?.has(event.id)) this.send(stream, event);
    stream.recent = sent;
    if (stream.stale && !stream.closed) await this.fill(stream, stream.lastId);
  }

  /** `<id>:<reader>` from the events channel: read the row if anyone here reads it. */
  private notified(payload: string) {
    const colon = payload.indexOf(':');
    const id = Number(payload.slice(0, colon));
    const reader = payload.slice(colon + 1);
    if (!Number.isSafeInteger(id) || (reader === '' ? this.admins.size === 0 : !this.byUser.has(reader))) return;
    this.toFetch.push(id);
    if (this.fetchScheduled.events) return;
    this.fetchScheduled.events = true;
    setImmediate(() => {
      this.fetchScheduled.events = false;
      const ids = this.toFetch;
      this.toFetch = [];
      this.fetching = this.fetching.then(() => this.deliver(ids));
    });
  }

  private async deliver(ids: number[]) {
    let rows: (LiveEventRow & { userId: string | null })[];
    try {
      rows = (await this.database.db.select(eventColumns).from(userEvents).where(inArray(userEvents.id, ids)).orderBy(asc(userEvents.id))) as typeof rows;
    } catch (error) {
      // the database went away: every stream catches up from its last id once it can
      this.log.warn({ err: error }, 'live events: new events could not be read; streams will catch up');
      this.catchUpAll();
      return;
    }
    for (const row of rows) {
      const readers = row.userId === null ? this.admins : this.byUser.get(row.userId);
      const event: LiveEventRow = { id: row.id, kind: row.kind, orderId: row.orderId };
      for (const stream of readers ?? []) {
        if (stream.pending) stream.pending.push(event);
        else if (!stream.recent?.has(event.id)) this.send(stream, event);
      }
    }
  }

  /** After a lost connection to the database: each stream reads what it missed since its last event, one stream at a time. */
  private catchUpAll() {
    const streams = [...this.byUser.values()].flatMap((set) => [...set]);
    for (const stream of streams) {
      stream.stale = true;
      // live events wait for the catch-up; a stream still reading its backlog reads again after it
      stream.pending ??= [];
    }
    this.fetching = this.fetching.then(async () => {
      for (const stream of streams) {
        if (stream.closed || !stream.stale) continue;
        try {
          await this.fill(stream, stream.lastId);
        } catch (error) {
          this.log.warn({ err: error }, 'live events: a stream could not catch up; it is ended and its client resumes');
          this.end(stream);
        }
      }
    });
  }

  /** A user (or '*') changed: their streams' sessions are read again soon, together. */
  private userChanged(userId: string) {
    if (userId === '*' ? this.count === 0 : !this.byUser.has(userId)) return;
    this.toRecheck.add(userId);
    if (this.fetchScheduled.users) return;
    this.fetchScheduled.users = true;
    setImmediate(() => {
      this.fetchScheduled.users = false;
      const users = this.toRecheck;
      this.toRecheck = new Set();
      this.rechecking = this.rechecking.then(() => this.recheck(users));
    });
  }

  private sessionsOf(tokens: string[]) {
    return this.database.db
      .select({
        token: sessions.token,
        expiresAt: sessions.expiresAt,
        isAdmin: users.isAdmin,
        twoFactorEnabled: users.twoFactorEnabled,
        secondFactor: sessions.secondFactor,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.token, tokens));
  }

  /**
   * Ends every stream of these users whose session is gone or expired, or whose administrator
   * access is not what it was when the stream opened; a refreshed session moves its end. A failed
   * read ends them too: the clients reconnect, and the route checks the session again.
   */
  private async recheck(userIds: Set<string>) {
    const streams = userIds.has('*') ? [...this.byUser.values()].flatMap((set) => [...set]) : [...userIds].flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    if (streams.length === 0) return;
    let found: Map<string, { expiresAt: Date; isAdmin: boolean; twoFactorEnabled: boolean; secondFactor: boolean }>;
    try {
      const rows = await this.sessionsOf([...new Set(streams.map((stream) => stream.token))]);
      found = new Map(rows.map((row) => [row.token, row]));
    } catch (error) {
      this.log.warn({ err: error }, 'live events: sessions could not be checked; their streams are ended');
      for (const stream of streams) this.end(stream);
      return;
    }
    const now = Date.now();
    for (const stream of streams) {
      if (stream.closed) continue;
      const session = found.get(stream.token);
      if (!session || !countsAsSession(session) || session.expiresAt.getTime() <= now || hasAdminAccess(session) !== stream.admin) {
        this.end(stream);
      } else if (session.expiresAt.getTime() !== stream.expiresAt) {
        stream.expiresAt = session.expiresAt.getTime();
        this.scheduleExpiry(stream);
      }
    }
  }
}
