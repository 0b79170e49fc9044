import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@server/test/ports';
import { PgListener } from './pg-listener';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.info('pg-listener test skipped: it needs PostgreSQL; set TEST_DATABASE_URL (CI sets it)');

/** Resolves with the next value `register` is given, or rejects after `ms`. */
function nextCall<T>(register: (resolve: (value: T) => void) => void, what: string, ms = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not in ${ms} ms: ${what}`)), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

describe.skipIf(!url)('PgListener: LISTEN on a connection of its own', () => {
  // made in beforeAll: a skipped describe still runs its body, and would connect to nothing
  let notifier: pg.Client;
  let ready: Promise<unknown>;
  beforeAll(() => {
    notifier = new pg.Client({ connectionString: url });
    ready = notifier.connect();
  });
  afterAll(() => notifier.end());
  const notify = async (channel: string, payload: string) => {
    await ready;
    await notifier.query('select pg_notify($1, $2)', [channel, payload]);
  };

  it('refuses at once when there is no server, and keeps nothing registered', async () => {
    const listener = new PgListener(`postgres://postgres@127.0.0.1:${await freePort()}/none`);
    await expect(listener.listen('app_probe', () => undefined)).rejects.toThrow();
    await listener.close();
  });

  it('delivers the payloads of every channel, stops one subscription, and after a cut connection listens again and says so', async () => {
    const listener = new PgListener(url!, [50, 100]);
    const channel = `probe_${Date.now()}`;
    let onPayload: (payload: string) => void = () => undefined;
    let onReconnect: () => void = () => undefined;
    await listener.listen(
      channel,
      (payload) => onPayload(payload),
      () => onReconnect(),
    );
    const other: string[] = [];
    const stop = await listener.listen(`${channel}_other`, (payload) => other.push(payload));

    const first = nextCall<string>((resolve) => (onPayload = resolve), 'the first payload');
    await notify(channel, 'one');
    expect(await first).toBe('one');
    await stop();
    await notify(`${channel}_other`, 'unheard');

    const reconnected = nextCall<void>((resolve) => (onReconnect = resolve), 'the reconnect');
    await ready;
    const { rows } = await notifier.query<{ cut: boolean }>(
      "select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = 'app-listener' and query ilike $1",
      [`%${channel}%`],
    );
    expect(rows.length).toBeGreaterThan(0);
    await reconnected;
    const second = nextCall<string>((resolve) => (onPayload = resolve), 'a payload after the reconnect');
    await notify(channel, 'two');
    expect(await second).toBe('two');
    expect(other).toEqual([]);
    await listener.close();
  });
});
