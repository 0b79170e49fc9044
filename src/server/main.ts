import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { bootstrapDatabase } from './db/bootstrap';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { startJobs } from './jobs';
import type { JobRegistry } from './platform/jobs/job-registry';

/** The built SPA: dist/client beside the bundled dist/server, or the repo's dist/client in dev. */
function findClientDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, '..', 'client'), path.join(here, '..', '..', 'dist', 'client')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, findClientDir());
  const { database, release } = await bootstrapDatabase(config);
  // stdout written asynchronously: under load the lines of many requests go out in one write, not
  // one blocking write each; pino flushes what is left when the process exits
  const app = await buildApp(config, { database, logStream: pino.destination({ dest: 1, sync: false }) });
  if (!config.clientDir) app.log.warn('dist/client not found: run `npm run build` to serve the web app');

  let closing = false;
  // the background jobs and the mail outbox (src/server/jobs.ts, ADR 0022)
  let jobs: Promise<JobRegistry | undefined> | undefined;
  // a response finished while closing ends its keep-alive connection: otherwise the socket idles
  // on until the keep-alive timeout (72 s) and holds the exit back
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    done(null, payload);
  });
  let exiting = false;
  const exit = (code: number) => {
    if (exiting) return;
    exiting = true;
    release();
    process.exit(code);
  };
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutting down: finishing in-flight requests');
    // connections that turn idle meanwhile (a response sent before the header above applied) go at once
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    let cut = false;
    const limit = setTimeout(() => {
      cut = true;
      app.log.warn({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown limit reached: cutting the remaining connections, exiting with 1');
      app.server.closeAllConnections();
      // the cut requests end their handlers and the close goes on; if it still hangs, leave anyway
      setTimeout(() => exit(1), 2000).unref();
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    const started = Date.now();
    let code = 0;
    try {
      // runs under way finish (and are recorded) before the database closes
      await (await jobs)?.stop();
      await app.close();
      // cut connections: the platform should know requests were lost
      if (cut) code = 1;
      app.log.info({ ms: Date.now() - started, exitCode: code }, code ? 'shut down after cutting connections' : 'shut down cleanly');
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    clearInterval(reaper);
    clearTimeout(limit);
    exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // beside the JSON lines, one for the person who ran `npm start`: the address to open, APP_URL (where
  // sign-up works; another address is refused as cross-site). On stderr: stdout stays the log stream,
  // every line JSON; and not in production.
  if (config.NODE_ENV !== 'production') process.stderr.write(`\nOpen ${config.APP_URL}\n\n`);
  // one line saying which backends this instance really uses: a missing variable shows here first
  app.log.info(
    {
      database: database.kind,
      storage: config.S3_BUCKET ? 's3' : 'local',
      rateLimits: config.REDIS_URL ? 'redis' : 'database',
      mail: config.SMTP_URL ? 'smtp' : 'files',
      payments: app.services.payments.name,
    },
    'services',
  );
  if (!closing) {
    // a start that fails (the database gone) is logged; the server keeps answering without jobs
    jobs = startJobs(app).catch((error: unknown) => {
      app.log.error({ err: error }, 'background jobs did not start');
      return undefined;
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
