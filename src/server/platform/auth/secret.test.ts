import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { testPaymentsSecretFor } from '@server/services';
import { tempDataDir, testConfig } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { authSecret } from './secret';

describe('the secret behind sessions and test payments', () => {
  it('without AUTH_SECRET is random per install, owner-only, and the same after a restart', () => {
    const first = tempDataDir();
    const secret = authSecret({ DATA_DIR: first, AUTH_SECRET: undefined });
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(fs.statSync(path.join(first, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(authSecret({ DATA_DIR: first, AUTH_SECRET: undefined })).toBe(secret);
    // another install signs with another key: a test payment forged with one is refused by the other
    const other = authSecret({ DATA_DIR: tempDataDir(), AUTH_SECRET: undefined });
    expect(testPaymentsSecretFor(other)).not.toBe(testPaymentsSecretFor(secret));
  });

  it('is AUTH_SECRET when set, and every instance derives the same test-payments key from it', () => {
    const configured = 'a'.repeat(40);
    expect(authSecret({ DATA_DIR: tempDataDir(), AUTH_SECRET: configured })).toBe(configured);
    expect(testPaymentsSecretFor(authSecret({ DATA_DIR: tempDataDir(), AUTH_SECRET: configured }))).toBe(testPaymentsSecretFor(configured));
  });

  it.each([
    ['warns', 'https://llc.example.com', {}, true],
    ['stays quiet on a laptop', 'http://localhost:3000', {}, false],
    ['stays quiet with AUTH_SECRET', 'https://llc.example.com', { AUTH_SECRET: 'b'.repeat(40) }, false],
  ])('%s at start-up: APP_URL %s', async (_case, appUrl, extra, warns) => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp(testConfig({ LOG_LEVEL: 'warn', APP_URL: appUrl, ...extra }), { database: await testDatabases[0]!.open(), logStream });
    await app.close();
    expect(lines.some((line) => line.includes('AUTH_SECRET is not set'))).toBe(warns);
  });
});
