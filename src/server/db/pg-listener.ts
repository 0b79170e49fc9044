import pg from 'pg';

/** What one `listen` call registered: its payloads, and the news that some may have been missed. */
interface Subscription {
  onNotify(payload: string): void;
  onReconnect?(): void;
}

/** Waits after a lost connection, then the next, then the last again and again. */
const defaultDelaysMs = [500, 1000, 2000, 5000, 10_000];

/**
 * A subscriber's mistake must not reach the connection's socket handler, which would crash the
 * process; subscribers report their own errors (the live-events hub logs them).
 */
function safely(call: () => void) {
  try {
    call();
  } catch {
    // reported by the subscriber
  }
}

/** A channel name as an identifier (LISTEN takes no parameter). */
const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/**
 * PostgreSQL LISTEN for one instance: ONE dedicated connection, outside the pool (a
 * pooled connection goes back to the pool and its LISTEN with it), shared by every channel. If it
 * drops (the server restarted, a network cut, `pg_terminate_backend`), it connects again after
 * 0.5, 1, 2, 5, then every 10 s, listens again, and tells every subscriber: notifications sent
 * while it was away are lost, so each catches up from its table.
 */
export class PgListener {
  private client: pg.Client | undefined;
  /** the channels the current connection LISTENs to */
  private listening = new Set<string>();
  private readonly channels = new Map<string, Set<Subscription>>();
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly delaysMs: readonly number[] = defaultDelaysMs,
  ) {}

  /**
   * Resolves once `channel` is listened to (or, while the connection is being made again, once it
   * is registered: `onReconnect` then follows). Rejects when there is no connection and one cannot
   * be made now; nothing stays registered then. The returned function stops this subscription.
   */
  async listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('listener closed');
    const subscription: Subscription = { onNotify, onReconnect };
    let subscribers = this.channels.get(channel);
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()));
    subscribers.add(subscription);
    try {
      if (this.retryTimer === undefined) {
        await this.connect();
        if (this.client && !this.listening.has(channel)) {
          this.listening.add(channel);
          await this.client.query(`LISTEN ${quoted(channel)}`);
        }
      }
    } catch (error) {
      this.remove(channel, subscription);
      throw error;
    }
    return async () => {
      if (!this.remove(channel, subscription)) return;
      this.listening.delete(channel);
      await this.client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
    };
  }

  /** Ends the connection and any retry; every subscription with it. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.channels.clear();
    const client = this.client;
    this.client = undefined;
    // a connection being made ends itself once it sees `closed`
    await this.connecting?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  /** Whether the subscription's channel has no subscriber left. */
  private remove(channel: string, subscription: Subscription): boolean {
    const subscribers = this.channels.get(channel);
    if (!subscribers?.delete(subscription) || subscribers.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  /** The connection, made now if there is none (shared by concurrent callers), listening to every channel registered. */
  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: 'app-listener' });
    // a lost connection reports here, and once more as 'end': one retry is scheduled
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', ({ channel, payload }) => {
      for (const subscription of this.channels.get(channel) ?? []) safely(() => subscription.onNotify(payload ?? ''));
    });
    try {
      await client.connect();
      const channels = [...this.channels.keys()];
      for (const channel of channels) await client.query(`LISTEN ${quoted(channel)}`);
      if (this.closed) throw new Error('listener closed');
      this.client = client;
      this.listening = new Set(channels);
    } catch (error) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** A new connection, listening also to the channels registered while it was being made. */
  private async reconnect(): Promise<void> {
    await this.connect();
    for (const channel of this.channels.keys()) {
      if (this.listening.has(channel)) continue;
      this.listening.add(channel);
      await this.client?.query(`LISTEN ${quoted(channel)}`);
    }
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening.clear();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer !== undefined) return;
    const delay = this.delaysMs[Math.min(this.attempt, this.delaysMs.length - 1)]!;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.reconnect().then(
        () => {
          this.retryTimer = undefined;
          this.attempt = 0;
          for (const subscribers of [...this.channels.values()]) for (const { onReconnect } of subscribers) safely(() => onReconnect?.());
        },
        () => {
          this.retryTimer = undefined;
          this.scheduleRetry();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }
}
