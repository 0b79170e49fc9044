import { spawn } from 'node:child_process';

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

/** The server as deployed: the source through tsx (always current), or a built bundle given by path. */
function serverCommand(bundle?: string): string[] {
  return bundle ? [bundle] : ['--import', 'tsx', 'src/server/main.ts'];
}

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
export function startServerProcess(env: Record<string, string>, bundle?: string, { nodeArgs = [], keepStdout = true }: StartOptions = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...serverCommand(bundle)], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
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
