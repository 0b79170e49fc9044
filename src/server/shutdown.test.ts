import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { strongPassword, tempDataDir, uniqueEmail } from './test/app';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { startSlowOrderUpload } from './test/slow-upload';
import { eventually } from './test/eventually';
import { openEventStream } from './test/event-stream';

/** Unfinished puts under DATA_DIR/files: one per upload streaming in. */
const uploadsInFlight = (dataDir: string) => {
  const root = path.join(dataDir, 'files');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((name) => String(name).endsWith('.part')).length : 0;
};

async function customerCookie(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Shutdown Tester', email: uniqueEmail('shutdown'), password: strongPassword }),
  });
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** SIGTERM; resolves with the exit code and how long the process took to exit. */
function terminate(server: ServerProcess) {
  const signalledAt = Date.now();
  return server.stop().then((code) => ({ code, ms: Date.now() - signalledAt }));
}

// real processes; the limits asserted are the (15 s), far above what a busy machine needs
describe('SIGTERM', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 20 in-flight requests on keep-alive connections, then exits in seconds (not at the keep-alive timeout)', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_IP: '1000' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    try {
      const cookie = await customerCookie(server);
      const uploads = Array.from({ length: 20 }, () => startSlowOrderUpload(server.url, cookie, agent));
      await eventually(() => (uploadsInFlight(dataDir) >= 20 ? true : undefined), 'all 20 uploads in flight');

      const exit = terminate(server);
      // the server is closing before the requests finish
      await eventually(() => (server.stdoutLines().some((line) => line.includes('shutting down')) ? true : undefined), 'shutdown begun');
      for (const upload of uploads) upload.finish();

      const answers = await Promise.all(uploads.map((upload) => upload.response));
      const { code, ms } = await exit;
      console.log(`shutdown with 20 busy keep-alive connections: exited ${code} after ${ms} ms`);
      expect(ms).toBeLessThan(15_000);
      expect(code).toBe(0);
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
      // each keep-alive connection is told it ends with this answer
      expect(answers.every((answer) => answer.headers.connection === 'close')).toBe(true);
      expect(server.stdoutLines().some((line) => line.includes('shut down cleanly'))).toBe(true);
    } finally {
      agent.destroy();
      await server.stop();
    }
  });

  it('ends open live streams at once: exits 0 in seconds, far from SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_IP: '1000', SHUTDOWN_TIMEOUT_SECONDS: '30' });
    try {
      const cookie = await customerCookie(server);
      const streams = await Promise.all([openEventStream(server.url, cookie), openEventStream(server.url, cookie)]);
      for (const stream of streams) await stream.next((event) => event.event === 'ready', 'the stream open');

      const { code, ms } = await terminate(server);
      console.log(`shutdown with 2 open live streams: exited ${code} after ${ms} ms`);
      for (const stream of streams) await stream.ended(1_000);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
      // a stream's line says how long it was open, not a response time
      const ended = server.stdoutLines().filter((line) => line.includes('event stream ended'));
      expect(ended).toHaveLength(2);
      expect(ended.every((line) => line.includes('"openSeconds"') && !line.includes('"responseTime"'))).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('cuts a request that never finishes once SHUTDOWN_TIMEOUT_SECONDS have passed, and exits 1 saying so', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_IP: '1000', SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const cookie = await customerCookie(server);
      const stuck = startSlowOrderUpload(server.url, cookie, agent);
      await eventually(() => (uploadsInFlight(dataDir) >= 1 ? true : undefined), 'the upload in flight');

      const exit = terminate(server);
      await expect(stuck.response).rejects.toThrow();
      const { code, ms } = await exit;
      console.log(`shutdown with a request that never ends (limit 1 s): exited ${code} after ${ms} ms`);
      expect(code).toBe(1);
      // the limit, plus at most the 2 s the cut requests get to wind down
      expect(ms).toBeLessThan(5_000);
      expect(server.stdoutLines().some((line) => line.includes('shutdown limit reached'))).toBe(true);
    } finally {
      agent.destroy();
      await server.stop();
    }
  });
});
