import { spawn } from 'node:child_process';
import { serverEnv, serverFlags } from '../../../scripts/start.mjs';

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  pid: number;
  /** stdout so far, one entry per line (JSON log lines) */
  stdoutLines(): string[];
  stderr(): string;
  /** SIGTERM, then the exit code */
  stop(): Promise<number | null>;
}

/**
 * How `npm start` (scripts/start.mjs) and the Dockerfile run the server: environment and node options.
 * The embedded default's memory budget (ADR 0019):
 * - `--max-semi-space-size=4`: V8's young generation grows to 2 × 16 MB by default, sized for
 *   throughput on big machines; the signed-in API bench showed no loss at 4 MB.
 * - `MALLOC_ARENA_MAX=1`: glibc gives each thread that allocates (V8 compiling PGlite's WebAssembly
 *   in the background) an arena of its own and keeps what it freed there: 35–65 MB that varied from
 *   start to start. One arena holds it at about 10 MB.
 * - `MALLOC_MMAP_THRESHOLD_=65536`: glibc serves an allocation of 64 KB or more from a mapping of
 *   its own, returned to the system when freed. With the default (128 KB, rising as large blocks
 *   are freed) the start's big transient buffers (the seed unpacked, the WebAssembly compiled,
 *   pages compressed) left 20–40 MB of free but resident holes in the one arena. 32 KB saved 15 MB
 *   more but slowed the start by a quarter (V8's compiler allocates many such blocks).
 * - `--liftoff-only`: PGlite's WebAssembly stays on V8's baseline compiler. Optimising one of its
 *   functions once it is hot (a 105 KB body, in the first second of every start) took 576 MB of
 *   compiler memory for 0.7 s: the process peaked at 650–740 MB. The embedded database's queries
 *   take up to twice as long without it (ADR 0019, peak resident memory); no other WebAssembly
 *   runs in the server, so on PostgreSQL it changes nothing.
 * - `--optimize-for-size`: V8 grows its heap less before collecting and gives memory back sooner.
 *   Under a flat-out mixed workload the heap's committed pages took the process to 450 MB, of
 *   which the live objects were half; with it, 245 MB in the same 120 s and 248 MB over
 *   ten minutes, at the same request rate over those ten minutes. A hard `--max-old-space-size`
 *   held memory too, but cut the rate by two thirds (128 MB) or left the peak at 295 (192 MB).
 */
export function serverStart(): { env: Record<string, string>; flags: string[] } {
  return { env: { ...serverEnv }, flags: [...serverFlags] };
}

/** The server as deployed: the source through tsx (always current), or a built bundle given by path, with npm start's flags
 * (and its environment, in startServerProcess). */
function serverCommand(bundle?: string): string[] {
  return bundle ? [...serverStart().flags, bundle] : ['--import', 'tsx', 'src/server/main.ts'];
}

/**
 * What every test server runs with unless a test says otherwise: loopback, info logs, and no load
 * shedding (the overload bench turns it back on): a test's request must not meet a 503 because a
 * CI machine is busy (a CI run's two browser journeys met them when shedding was on).
 */
export const testServerDefaults = { HOST: '127.0.0.1', LOG_LEVEL: 'info', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' } as const;

interface StartOptions {
  /** options for node itself, e.g. --cpu-prof */
  nodeArgs?: string[];
  /** false: stop keeping stdout once listening (a benchmark's log lines would fill the memory) */
  keepStdout?: boolean;
}

/**
 * Starts one app process on a free loopback port (PORT=0) and resolves once it listens.
 * `env` is the whole configuration: nothing is inherited from this process except PATH.
 */
export function startServerProcess(
  env: Record<string, string>,
  bundle?: string,
  { nodeArgs = [], keepStdout = true }: StartOptions = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...serverCommand(bundle)], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...testServerDefaults, ...(bundle ? serverStart().env : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let keep = true;
  child.stdout.on('data', (chunk: Buffer) => {
    if (keep) stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise<ServerProcess>((resolve, reject) => {
    const onData = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (!match) return;
      child.stdout.off('data', onData);
      keep = keepStdout;
      resolve({
        url: match[1]!,
        pid: child.pid!,
        stdoutLines: () => stdout.split('\n').filter(Boolean),
        stderr: () => stderr,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${stderr.trim()}`)));
  });
}
