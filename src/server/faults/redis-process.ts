import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '@server/test/ports';

/** Why a private redis-server cannot be started here, or undefined when it can. */
export function redisServerUnavailable(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.error || probe.status !== 0 ? 'redis-server is not on PATH' : undefined;
}

export interface PrivateRedis {
  url: string;
  /** ends the server (SIGTERM) and waits for it to exit: the port refuses connections until start() */
  stop(): Promise<void>;
  /** starts it again on the same port (empty: it keeps nothing on disk) */
  start(): Promise<void>;
}

/** A redis-server of the test's own on a free loopback port, without persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = server;
      let output = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${output}`)));
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const server = child;
      child = undefined;
      if (!server || server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
