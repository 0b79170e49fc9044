import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InjectOptions } from 'fastify';
import { testPaymentsSecretFor } from '@server/services';
import { buildTestApp, cookieFrom, promoteEnrolledAdmin, signUp, strongPassword, tempDataDir, uniqueEmail, type Injector, type InjectAnswer } from './app';
import { createEmptyPostgres, testDatabases } from './databases';
import { enrolmentTokenIn, enrollSecondFactor } from './second-factor';
import { serverStart, startServerProcess } from './server-process';

/**
 * Where the API tests that guard against bad input send their requests: the
 * app built from source and answered through `inject`, and the built server (`dist/server`, what
 * `npm start` and the image run) over a real socket, each on both databases. A defect that only the
 * bundle has (a check that reads a file path or a module's identity) shows in the second.
 */
export interface ApiTarget {
  name: string;
  /** a fresh app on a fresh database, with one administrator signed in */
  open(): Promise<OpenApiTarget>;
}

export interface OpenApiTarget extends Injector {
  /** the session cookie of an administrator */
  adminCookie: string;
  /** the secret the test payment provider signs webhook events with */
  testPaymentsSecret: string;
  /** the built server's stdout lines so far (its JSON log); empty for the source */
  logLines(): string[];
  close(): Promise<void>;
}

const sourceTargets: ApiTarget[] = testDatabases.map((database) => ({
  name: `${database.name} (source)`,
  async open() {
    const opened = await database.open();
    const { app } = await buildTestApp(opened);
    const admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(opened.db, admin.user.email);
    return {
      inject: (options) => app.inject(options),
      adminCookie: admin.cookie,
      testPaymentsSecret: app.services.testPaymentsSecret,
      logLines: () => [],
      close: () => app.close(),
    };
  },
}));

const bundle = path.resolve('dist/server/main.js');
const adminCommand = path.resolve('dist/server/admin.js');

/** The newest modification time of a file under `dir` that goes into the bundle (tests do not). */
function newestIn(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name) && !entry.parentPath.includes(`${path.sep}test`))
    .reduce((newest, entry) => Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs), 0);
}

/**
 * Why the built server cannot be tested now, or null when it can: it must exist and be newer than
 * the server's and the shared sources (`npm test` builds it first; `npm run build` does by hand).
 */
export function builtServerMissing(): string | null {
  if (!fs.existsSync(bundle) || !fs.existsSync(adminCommand)) return 'dist/server is not built: run `npm run build` (npm test does)';
  const built = fs.statSync(bundle).mtimeMs;
  return ['src/server', 'src/shared', 'drizzle'].some((dir) => newestIn(dir) > built)
    ? 'dist/server is older than the sources: run `npm run build` (npm test does)'
    : null;
}

/** A path as a client writes it on the wire: characters HTTP does not allow raw are percent-encoded. */
const wirePath = (url: string) =>
  // byte by byte, so a lone surrogate goes as U+FFFD (as a browser sends it) instead of throwing
  url.replace(/[^\x21-\x7e]/gu, (character) => [...Buffer.from(character)].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join(''));

/** `inject`'s options sent to `base` over a real socket; the answer in inject's shape. */
function requestOverSocket(base: URL, options: InjectOptions): Promise<InjectAnswer> {
  const { payload } = options;
  const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
  let body: Buffer | undefined;
  if (payload !== undefined && payload !== null) {
    if (Buffer.isBuffer(payload)) body = payload;
    else if (typeof payload === 'string') body = Buffer.from(payload);
    else {
      body = Buffer.from(JSON.stringify(payload));
      headers['content-type'] ??= 'application/json';
    }
  }
  // the client address inject would have used: the server trusts the header (TRUST_PROXY), as behind a load balancer
  if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
  const url = typeof options.url === 'string' ? options.url : String(options.path ?? '/');
  return new Promise((resolve, reject) => {
    // a connection per request: a reused keep-alive socket the server has just closed would hang up
    const request = http.request(
      {
        agent: false,
        host: base.hostname,
        port: base.port,
        method: options.method ?? 'GET',
        path: wirePath(url),
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: text, json: () => JSON.parse(text) as unknown } as InjectAnswer);
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const run = promisify(execFile);

/** The built server on a fresh embedded directory or PostgreSQL database, its administrator made by the built admin command. */
function builtTarget(kind: 'pglite' | 'postgres'): ApiTarget {
  return {
    name: `${kind} (built server)`,
    async open() {
      const fresh = kind === 'postgres' ? await createEmptyPostgres(process.env.TEST_DATABASE_URL!) : undefined;
      const authSecret = randomBytes(32).toString('hex');
      const env: Record<string, string> = {
        DATA_DIR: tempDataDir(),
        AUTH_SECRET: authSecret,
        TRUST_PROXY: 'true',
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      };
      const admin = { email: uniqueEmail('admin'), password: strongPassword };
      // before the server holds the embedded directory, as docs/deploy.md says to
      const created = await run(
        process.execPath,
        [...serverStart().flags, adminCommand, 'create', admin.email, '--name', 'Erin Admin', '--password', admin.password],
        { env: { PATH: process.env.PATH ?? '', ...serverStart().env, ...env } },
      );
      // the one-time link the command printed, for the administrator's enrolment
      const enrolmentToken = enrolmentTokenIn(created.stdout);
      const server = await startServerProcess(env, bundle);
      const close = async () => {
        await server.stop();
        await fresh?.drop();
      };
      const base = new URL(server.url);
      const inject = (options: InjectOptions) => requestOverSocket(base, options);
      try {
        const signIn = await inject({ method: 'POST', url: '/api/auth/sign-in', payload: admin });
        if (signIn.statusCode !== 200) throw new Error(`the built server refused its administrator: ${signIn.statusCode} ${signIn.body}`);
        // its admin endpoints open once a second factor is set up, through the API as a person would
        const { cookie: adminCookie } = await enrollSecondFactor({ inject }, { cookie: cookieFrom(signIn), password: admin.password, enrolmentToken });
        return { inject, adminCookie, testPaymentsSecret: testPaymentsSecretFor(authSecret), logLines: () => server.stdoutLines(), close };
      } catch (error) {
        // a target that could not be set up leaves no server running behind the failed suite
        await close();
        throw error;
      }
    },
  };
}

/** Every target: the source on each database, and the built server on each when it is built (and current). */
export const apiTargets: ApiTarget[] = [...sourceTargets, ...(builtServerMissing() ? [] : testDatabases.map((database) => builtTarget(database.name)))];
