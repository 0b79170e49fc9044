import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { bootstrapDatabase } from './db/bootstrap';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';

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
  const app = await buildApp(config, { database });
  if (!config.clientDir) app.log.warn('dist/client not found: run `npm run build` to serve the web app');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      release();
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // one line saying which backends this instance really uses: a missing variable shows here first
  app.log.info(
    { database: database.kind, storage: config.S3_BUCKET ? 's3' : 'local', rateLimits: config.REDIS_URL ? 'redis' : 'database', mail: config.SMTP_URL ? 'smtp' : 'files', payments: app.services.payments.name },
    'services',
  );
  app.services.mail.start();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
