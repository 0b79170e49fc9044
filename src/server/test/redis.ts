import { randomBytes } from 'node:crypto';

/**
 * The Redis for tests that need one: TEST_REDIS_URL, or the machine's Redis on 127.0.0.1:6379
 * when TEST_DATABASE_URL says the services are there (as in .ci/run). Unset: those tests skip.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL || (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);

/** A key prefix of its own per test run, so runs sharing one Redis never count each other's hits. */
export function uniqueRedisPrefix(): string {
  return `frontera-test-${randomBytes(6).toString('hex')}:`;
}
