import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import type { Database } from '@server/db/client';

/** A temporary DATA_DIR for one test app; removed by the returned cleanup. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'llc-test-'));
}

export function testConfig(overrides: Record<string, string> = {}, clientDir?: string): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tempDataDir(), ...overrides }, clientDir);
}

export async function buildTestApp(database: Database, overrides: Record<string, string> = {}, clientDir?: string): Promise<{ app: FastifyInstance; config: Config }> {
  const config = testConfig(overrides, clientDir);
  const app = await buildApp(config, { database });
  return { app, config };
}
