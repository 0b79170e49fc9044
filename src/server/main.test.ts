import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from './test/app';

/** Runs src/server/main.ts as a real process (through tsx), as `npm start` runs the bundle. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  listening.catch(() => undefined); // observed by the tests that expect a start
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('main process', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
  ])('stops on bad config %o with one line naming %s', async (env, variable) => {
    const server = start({ ...env, DATA_DIR: tempDataDir() });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('serves, then exits cleanly on SIGTERM and releases the embedded database', async () => {
    const dataDir = tempDataDir();
    const server = start({ PORT: '0', DATA_DIR: dataDir });
    const url = await server.listening;
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect(server.output().stdout).toContain('shutting down');
  });
});
