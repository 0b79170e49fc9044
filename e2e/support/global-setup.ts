import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enrollSecondFactor, enrolmentTokenIn } from './accounts';
import { builtServer, startBuiltApp } from './app-process';
import { freePort } from '../../src/server/test/ports';

/**
 * Starts the built app once for the whole run: a free port, a temporary DATA_DIR (embedded
 * database, files, outbox). Tests find it through E2E_BASE_URL / E2E_DATA_DIR.
 */
export default async function globalSetup() {
  const bundle = builtServer();
  if (!fs.existsSync(bundle)) throw new Error('dist/server/main.js not found: run `npm run build` before the browser tests');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-e2e-'));
  // a known free port, so APP_URL (payment redirects, email links) points at this very app
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test' as const,
    // every journey signs in from 127.0.0.1, several as the one administrator (more with
    // --repeat-each): the sign-in limits are tested at the API level, not here
    AUTH_RATE_LIMIT_IP: '100000',
    AUTH_RATE_LIMIT_ACCOUNT: '100000',
    AUTH_RATE_LIMIT_ACCOUNT_CEILING: '100000',
    SUPPORT_RATE_LIMIT: '1000',
    // a journey that uploads documents sees the customer's one email within seconds
    DOCUMENT_EMAIL_DELAY_SECONDS: '5',
    DOCUMENT_EMAIL_INTERVAL_SECONDS: '1',
    MESSAGE_EMAIL_DELAY_SECONDS: '5',
  };

  // an administrator made with the real command, before the app holds the embedded database
  const admin = { email: 'admin@e2e.example.com', password: 'e2e operator passphrase' };
  const created = spawnSync(
    process.execPath,
    [path.join(path.dirname(bundle), 'admin.js'), 'create', admin.email, '--password', admin.password, '--name', 'Erin Admin'],
    { env, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`admin command failed: ${created.stderr}`);
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;

  const { url, stop } = await startBuiltApp(env, dataDir);
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  // administrators must have a second factor: enrolled here through the API, as the enrolment
  // screen would (the enrolment itself has its own journey); the journeys share the session it
  // opened, and the few that sign in themselves compute codes
  const enrolled = await enrollSecondFactor(url, { ...admin, enrolmentToken: enrolmentTokenIn(created.stdout) });
  process.env.E2E_ADMIN_TOTP_SECRET = enrolled.secret;
  process.env.E2E_ADMIN_SESSION = enrolled.cookie;

  return stop;
}
