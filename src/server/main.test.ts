import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { encryptedStorage } from './platform/storage/encrypted-storage';
import { localStorage } from './platform/storage/local-storage';
import { tempDataDir } from './test/app';

const parseKeys = (value: string) => loadConfig({ FILE_ENCRYPTION_KEYS: value }).FILE_ENCRYPTION_KEYS!;

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

/**
 * Runs `test` with the app started, then kills it if it still runs: a failed assertion or a
 * timeout must not leave a process behind holding the port and the embedded database.
 */
async function withApp(env: Record<string, string>, test: (server: ReturnType<typeof start>) => Promise<void>) {
  const server = start(env);
  try {
    await test(server);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
}

// a real process through tsx: slow on a busy machine, but bounded
const processTimeout = 60_000;

describe('main process', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
  ])(
    'stops on bad config %o with one line naming %s',
    (env, variable) =>
      withApp({ ...env, DATA_DIR: tempDataDir() }, async (server) => {
        expect(await server.exited).toBe(1);
        const lines = server.output().stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
      }),
    processTimeout,
  );

  it(
    'serves, then exits cleanly on SIGTERM and releases the embedded database',
    async () => {
      const dataDir = tempDataDir();
      await withApp({ PORT: '0', DATA_DIR: dataDir, APP_URL: 'http://localhost:4321' }, async (server) => {
        const url = await server.listening;
        // the one human line among the JSON ones: where to open the app
        await expect.poll(() => server.output().stderr).toContain('\nOpen http://localhost:4321\n');
        const health = await fetch(`${url}/api/health`);
        expect(health.status).toBe(200);
        expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
        expect(server.output().stdout).toContain('shutting down');
      });
    },
    processTimeout,
  );
});

describe('admin command', () => {
  const admin = (args: string[], env: Record<string, string>, input?: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // killed if it hangs, so a stuck command fails its assertion instead of outliving the run
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', ...args], {
        env: { PATH: process.env.PATH ?? '', ...env },
        timeout: processTimeout,
        killSignal: 'SIGKILL',
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdin.end(input ?? '');
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it('creates and promotes administrators, and refuses while the app holds the embedded database', async () => {
    const dataDir = tempDataDir();
    const created = await admin(['create', 'root@example.com', '--password', 'a sturdy admin passphrase'], { DATA_DIR: dataDir });
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^Administrator root@example\.com created\.\nA second factor is required: the admin pages ask to set up an authenticator app/,
      ),
    });
    // the one-time link the new administrator enrols with, last, on a line of its own
    expect(created.stdout).toMatch(
      /only through this one-time link \(it works once, for 72 hours;[^\n]*\nhttp:\/\/localhost:3000\/admin#enrolment=[\w-]{43}\n$/,
    );

    const fromStdin = await admin(['create', 'second@example.com'], { DATA_DIR: dataDir }, 'another sturdy passphrase\n');
    expect(fromStdin.code).toBe(0);

    const weak = await admin(['create', 'weak@example.com', '--password', 'password1'], { DATA_DIR: dataDir });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Invalid password: it is one of the most common passwords');

    const missing = await admin(['promote', 'nobody@example.com'], { DATA_DIR: dataDir });
    expect(missing).toMatchObject({ code: 1, stderr: 'No account with nobody@example.com: use `create` instead.\n' });

    // a lost second factor is removed by the command (the account enrolls again)
    const reset = await admin(['reset-2fa', 'root@example.com'], { DATA_DIR: dataDir });
    expect(reset).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('The second factor of root@example.com was removed and 1 session(s) ended (audited).'),
    });
    expect(reset.stdout).toMatch(/\/admin#enrolment=[\w-]{43}\n$/);
    expect(await admin(['reset-2fa', 'nobody@example.com'], { DATA_DIR: dataDir })).toMatchObject({ code: 1, stderr: 'No account with nobody@example.com.\n' });

    await withApp({ PORT: '0', DATA_DIR: dataDir }, async (server) => {
      await server.listening;
      const busy = await admin(['promote', 'root@example.com'], { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/in use by process \d+\. Stop the app first, or set DATABASE_URL/);
      server.child.kill('SIGTERM');
      await server.exited;
    });

    const usage = await admin([], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run admin -- create EMAIL');
    // eight command runs and an app, each a process that opens the embedded database
  }, 150_000);

  it('sets the price the app charges and shows, refuses bad prices, and refuses while the app holds the embedded database', async () => {
    const dataDir = tempDataDir();
    const set = await admin(['set-price', '45000'], { DATA_DIR: dataDir });
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Price changed from $399 (39900 cents) to $450 (45000 cents).');

    const word = await admin(['set-price', 'abc'], { DATA_DIR: dataDir });
    expect(word).toMatchObject({ code: 1, stderr: expect.stringContaining('Not a price in cents: abc') });
    const zero = await admin(['set-price', '0'], { DATA_DIR: dataDir });
    expect(zero).toMatchObject({ code: 1, stderr: expect.stringContaining('The price must be between 50 and 1000000 cents') });

    const server = start({ PORT: '0', DATA_DIR: dataDir });
    const url = await server.listening;
    const lookup = (await (await fetch(`${url}/api/services/standard-formation`)).json()) as { service: { priceCents: number } };
    expect(lookup.service.priceCents).toBe(45000);
    const busy = await admin(['set-price', '39900'], { DATA_DIR: dataDir });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use by process \d+\. Stop the app first, or set DATABASE_URL/);
    server.child.kill('SIGTERM');
    await server.exited;

    // neither the refused prices nor the refused run changed it
    const again = await admin(['set-price', '39900'], { DATA_DIR: dataDir });
    expect(again.stdout).toContain('Price changed from $450 (45000 cents) to $399 (39900 cents).');
  }, 90_000);
  it('rotate-file-key encrypts files written before encryption and re-encrypts old ones, beside the running app, twice safely', async () => {
    const dataDir = tempDataDir();
    const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
    const [oldKey, newKey] = [key('old'), key('new')];
    const legacy = Buffer.from('%PDF-1.4\nlegacy passport\n%%EOF\n');
    const legacyKey = 'identity/legacy-order/passport-legacy.pdf';
    fs.mkdirSync(path.join(dataDir, 'files/identity/legacy-order'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', legacyKey), legacy);
    await encryptedStorage(localStorage(path.join(dataDir, 'files')), parseKeys(oldKey)).put(
      'documents/o/articles.pdf',
      Readable.from([legacy]),
      'application/pdf',
    );

    // the app holds the embedded database: the rotation opens none, so it runs anyway
    const server = start({ PORT: '0', DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: `${newKey},${oldKey}` });
    await server.listening;
    try {
      const first = await admin(['rotate-file-key'], { DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: `${newKey},${oldKey}` });
      expect(first.stdout).toContain('1 re-encrypted, 1 encrypted (written before encryption), 0 already under "new"');
      expect(first.code).toBe(0);
      const again = await admin(['rotate-file-key'], { DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: `${newKey},${oldKey}` });
      expect(again.stdout).toContain('0 re-encrypted, 0 encrypted (written before encryption), 2 already under "new"');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(fs.readFileSync(path.join(dataDir, 'files', legacyKey)).includes('%PDF')).toBe(false);
    // the old key can go
    const onlyNew = encryptedStorage(localStorage(path.join(dataDir, 'files')), parseKeys(newKey));
    for (const stored of [legacyKey, 'documents/o/articles.pdf']) {
      const chunks: Buffer[] = [];
      for await (const chunk of await onlyNew.get(stored)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(legacy);
    }
    const wrongKey = await admin(['rotate-file-key'], { DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: key('other') });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('encrypted with key "new", which FILE_ENCRYPTION_KEYS does not hold');
  }, 90_000);
});
