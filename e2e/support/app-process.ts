import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverStart, testServerDefaults } from '../../src/server/test/server-process';

export const builtServer = () => path.resolve(process.env.DIST_DIR ?? 'dist', 'server', 'main.js');

/**
 * Starts the built app as its own process, as `npm start` does, with the test servers' defaults
 * (no load shedding) under `env`, and waits for it to listen. `dataDir` is removed on stop.
 * Used by the global setup and by specs that need an app with other settings.
 */
export async function startBuiltApp(env: NodeJS.ProcessEnv, dataDir: string, timeoutMs = 90_000): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...serverStart().flags, builtServer()], {
    env: { ...testServerDefaults, ...serverStart().env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`app exited with ${code}:\n${output}`)));
  });
  // keep draining the logs so the child never blocks on a full pipe
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
