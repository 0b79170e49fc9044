import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { importCycles } from './import-cycles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Each import-direction rule of eslint.config.js, proven on a probe file: the probe that breaks
 * the rule is reported, the one that keeps it is not. Probes are linted as if they stood at the
 * given path, so the real resolver and the real zones decide.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

const restricted = 'import-x/no-restricted-paths';

describe('import boundaries', () => {
  it.each([
    ['a feature imports another feature by a relative path', 'src/client/features/refunds/probe.ts', "export * from '../auth/components/guards';"],
    ['a feature imports another feature by the alias', 'src/client/features/refunds/probe.ts', "export * from '@client/features/auth/components/guards';"],
    [
      "a feature's admin screen imports another feature's admin screen",
      'src/client/features/orders/admin/probe.tsx',
      "export * from '@client/features/payments/admin/payment-reviews-panel';",
    ],
    ['components/ imports a feature', 'src/client/components/probe.tsx', "export * from '../features/auth/components/guards';"],
    ['lib/ imports a feature', 'src/client/lib/probe.ts', "export * from '@client/features/orders/order-draft';"],
    ['lib/ imports app/', 'src/client/lib/probe.ts', "export { App } from '../app/app';"],
    ['a feature imports routes/', 'src/client/features/orders/probe.ts', "export { default } from '../../routes/home';"],
    ['the client imports the server', 'src/client/lib/probe.ts', "export { loadConfig } from '../../server/config';"],
    ['the server imports the client', 'src/server/probe.ts', "export * from '@client/lib/theme';"],
    ['shared imports the client', 'src/shared/probe.ts', "export * from '../client/lib/theme';"],
    ['shared imports the server', 'src/shared/probe.ts', "export { loadConfig } from '@server/config';"],
    ['a server feature imports another feature', 'src/server/features/payments/probe.ts', "export { createOrder } from '../orders/orders.service';"],
    ['a server feature imports another feature by the alias', 'src/server/features/support/probe.ts', "export * from '@server/features/orders/order-filters';"],
    ['domain/ imports a feature', 'src/server/domain/probe.ts', "export { createOrder } from '../features/orders/orders.service';"],
    ['db/ imports a feature', 'src/server/db/probe.ts', "export { createTicket } from '../features/support/support.service';"],
    ['platform/ imports a feature', 'src/server/platform/mail/probe.ts', "export * from '@server/features/orders/payment-reminders';"],
    ['platform/ imports domain/', 'src/server/platform/probe.ts', "export * from '../domain/price';"],
  ])('refuses: %s', async (_case, filePath, code) => {
    expect(await rulesBroken(filePath, code)).toContain(restricted);
  });

  it.each([
    ['a feature imports its own files', 'src/client/features/orders/probe.ts', "export * from './order-draft';"],
    [
      'a feature imports components/ and lib/',
      'src/client/features/refunds/probe.ts',
      "export { Button } from '@client/components/ui/button';\nexport * from '../../lib/theme';",
    ],
    ['routes/ compose features', 'src/client/routes/probe.tsx', "export * from '@client/features/auth/components/guards';"],
    ['the client and the server import shared', 'src/server/probe.ts', "export * from '@shared/languages';"],
    [
      'a server feature imports domain/, db/ and platform/',
      'src/server/features/payments/probe.ts',
      "export * from '../../domain/price';\nexport * from '@server/db/schema';\nexport * from '../../platform/jobs/job-registry';",
    ],
    ['a server feature imports its own files', 'src/server/features/orders/probe.ts', "export * from './orders.service';"],
    ['a server test drives the app through several features', 'src/server/features/payments/probe.test.ts', "export * from '../orders/orders.service';"],
  ])('allows: %s', async (_case, filePath, code) => {
    expect(await rulesBroken(filePath, code)).not.toContain(restricted);
  });

  describe('the API through its typed client', () => {
    const typed = 'no-restricted-syntax';
    it.each([
      ['a literal /api/ path', 'src/client/features/orders/probe.ts', "export const path = '/api/orders';"],
      ['a template /api/ path', 'src/client/components/probe.ts', 'export const path = (id: string) => `/api/orders/${id}`;'],
      ['the unchecked api<T>()', 'src/client/lib/probe.ts', "import { api } from './api-client';\nexport const call = () => api('x');"],
    ])('refuses: %s', async (_case, filePath, code) => {
      expect(await rulesBroken(filePath, code)).toContain(typed);
    });
    it('allows a route named as the server declares it, and a test stubbing a path', async () => {
      const call = "import { request } from '@client/lib/api/request';\nexport const orders = () => request('GET /api/orders');";
      expect(await rulesBroken('src/client/features/orders/probe.ts', call)).not.toContain(typed);
      expect(await rulesBroken('src/client/features/orders/probe.test.ts', "export const path = '/api/orders';")).not.toContain(typed);
    });
  });

  it('checks a feature folder that did not exist when the rules were written', { timeout: 60_000 }, async () => {
    // the feature list is read from the folders when the config loads, once per process: a new
    // folder needs a new ESLint process, as `npm run lint` is
    const dir = path.resolve('src/client/features/zz-probe-feature');
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, 'probe.ts'), "export * from '../orders/order-draft';\n");
      const run = spawnSync(process.execPath, ['node_modules/eslint/bin/eslint.js', '--format', 'json', path.join(dir, 'probe.ts')], { encoding: 'utf8' });
      const [result] = JSON.parse(run.stdout) as ESLint.LintResult[];
      expect(result?.messages.map((message) => message.ruleId)).toContain(restricted);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('cycles', () => {
    // a cycle needs two files on disk: written for the test, removed after it
    const dir = path.resolve('src/shared/cycle-probe');
    beforeAll(() => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('refuses two modules that import each other', async () => {
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    });

    it('has no cycle in the code base today (the order model and its schemas included)', async () => {
      const results = await eslint.lintFiles(['src/shared/*.ts']);
      expect(
        results.flatMap((result) =>
          result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').map((message) => `${result.filePath}: ${message.message}`),
        ),
      ).toEqual([]);
    });
  });

  describe('cycles, type-only imports included', () => {
    // ESLint's no-cycle skips `import type`; scripts/import-cycles.ts follows every import
    const dir = path.resolve('src/server/cycle-probe');
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('finds two modules that import each other only for types', () => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b?: B }\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from '@server/cycle-probe/a';\nexport interface B { a?: A }\n");
      expect(importCycles(dir)).toEqual([['src/server/cycle-probe/a.ts', 'src/server/cycle-probe/b.ts']]);
    });

    it('has none anywhere in src/ (db/client and its data migrations, the order model and its schemas included)', () => {
      fs.rmSync(dir, { recursive: true, force: true });
      expect(importCycles(path.resolve('src'))).toEqual([]);
    });
  });
});
