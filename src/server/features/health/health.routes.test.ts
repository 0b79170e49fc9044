import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { freePort } from '@server/test/ports';
import { fakeS3Config, startFakeS3 } from '@server/test/fake-s3';
import { testRedisUrl } from '@server/test/redis';

describe.each(testDatabases)('health and readiness on $name', { timeout: 60_000 }, (target) => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  const make = async (settings: Record<string, string> = {}) => {
    const database = await target.open();
    const { app } = await buildTestApp(database, settings);
    apps.push(app);
    return { app, database };
  };

  it('is ready with the database and local storage; a lost database makes readiness 503, never liveness', async () => {
    const { app, database } = await make();
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'up', storage: 'up' } });

    await database.close();
    const notReady = await app.inject('/api/ready');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', checks: { database: 'down', storage: 'up' } });
    // restarting the instance would not bring the database back
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  it('checks the S3 bucket when S3 is configured, and names it when it is unreachable', async () => {
    const s3 = await startFakeS3();
    const { app } = await make(fakeS3Config(s3));
    expect((await app.inject('/api/ready')).json()).toEqual({ status: 'ready', checks: { database: 'up', storage: 'up' } });

    await s3.close();
    const down = await app.inject('/api/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', checks: { database: 'up', storage: 'down' } });
    // liveness does not depend on S3: restarting the instance would not bring the bucket back
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  it('names Redis when REDIS_URL points at nothing', async () => {
    const { app } = await make({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const response = await app.inject('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'up', storage: 'up', redis: 'down' } });
  });

  it.skipIf(!testRedisUrl)('is ready with a reachable Redis', async () => {
    const { app } = await make({ REDIS_URL: testRedisUrl! });
    const response = await app.inject('/api/ready');
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'up', storage: 'up', redis: 'up' } });
  });
});
