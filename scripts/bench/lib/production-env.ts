import { randomBytes } from 'node:crypto';

/**
 * What an app process under a benchmark runs with: production mode with fresh secrets, the test
 * payment provider, emails as files (no mail server here) and info logging, as deployed.
 */
export function productionBenchEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    MAIL_TRANSPORT: 'files',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    FILE_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // info, as in production: two JSON lines per request
    LOG_LEVEL: 'info',
  };
}
