import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@server/db/client';
import { buildTestApp, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

// file modes are POSIX; umask 022 is what made the files world-readable before
describe.skipIf(process.platform === 'win32')('file outbox', () => {
  let app: FastifyInstance;
  let database: Database;
  let outboxDir: string;
  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    const built = await buildTestApp(database, { AUTH_RATE_LIMIT_IP: '1000' });
    app = built.app;
    outboxDir = built.config.outboxDir;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('writes the .eml holding a reset link readable by the owner only (0600, directory 0700)', async () => {
    // an outbox left 0755 by an older version is closed off too
    fs.mkdirSync(outboxDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(outboxDir, 0o755);
    const { user } = await signUp(app);
    const response = await app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email } });
    expect(response.statusCode).toBeLessThan(300);
    await app.services.mail.drain();
    // quoted-printable (the greeting's "María" is not ASCII) folds long lines with "=" at their end
    const files = fs.readdirSync(outboxDir).filter((name) =>
      fs
        .readFileSync(`${outboxDir}/${name}`, 'utf8')
        .replace(/=\r?\n/g, '')
        .includes('reset-password'),
    );
    expect(files).toHaveLength(1);
    expect(fs.statSync(`${outboxDir}/${files[0]}`).mode & 0o777).toBe(0o600);
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
  });
});
