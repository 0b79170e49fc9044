import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuiltin } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverStart } from '../src/server/test/server-process';
import { staticImports } from './bundle-imports';
import { beyondAscii } from './ascii-source';
import runtime from './runtime-packages.json' with { type: 'json' };

/** The SDKs of optional services and rare work: loaded when configured or first used, never at start. */
const lazyPackages = ['stripe', '@aws-sdk/client-s3', 'ioredis', 'nodemailer', 'pdfkit'];

describe('the server bundle (scripts/build-server.ts)', () => {
  let serverDir: string;
  beforeAll(() => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-build-server-'));
    // what an earlier build left: a chunk the new one no longer has
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'chunk-STALE000.js'), 'export const stale = 1;');
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { env: { ...process.env, DIST_DIR: dist }, stdio: 'pipe' });
    serverDir = path.join(dist, 'server');
  }, 60_000);

  it('keeps every chunk beside main.js, where the embedded database seed and the client are looked for', () => {
    const entries = fs.readdirSync(serverDir, { withFileTypes: true });
    expect(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    expect(entries.some((entry) => /^chunk-.*\.js$/.test(entry.name))).toBe(true);
    // only this build's files: no chunk of an earlier one
    expect(entries.map((entry) => entry.name)).not.toContain('chunk-STALE000.js');
  });

  // V8 keeps a script's source for as long as the script lives, one byte per character only while
  // every character is ASCII: one curly quote in a regex (any accent, on Node 24) doubled main.js's 2.7 MB in memory
  it('writes every chunk in ASCII, so V8 keeps its source at one byte per character', () => {
    expect(beyondAscii(serverDir)).toEqual([]);
  });

  it("does not load the optional services' SDKs at start", () => {
    const { files, packages } = staticImports(serverDir, 'main.js');
    expect(files.length).toBeGreaterThan(1);
    expect(packages).toContain('@electric-sql/pglite');
    for (const name of lazyPackages) expect([...packages].filter((specifier) => specifier === name || specifier.startsWith(`${name}/`))).toEqual([]);
  });

  it('still ships each of them, in a chunk loaded on demand', () => {
    const everything = fs
      .readdirSync(serverDir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(serverDir, file), 'utf8'))
      .join('\n');
    for (const name of lazyPackages) expect(everything).toMatch(new RegExp(`(from |import\\()["']${name.replace('/', '\\/')}["']`));
  });

  // the image's node_modules holds only runtime-packages.json and their dependencies: a package
  // bundled code still loads at run time would be missing there, on the first request that needs it
  it('loads from node_modules only the packages the image keeps', () => {
    const loaded = new Set<string>();
    for (const file of fs.readdirSync(serverDir).filter((name) => name.endsWith('.js'))) {
      const source = fs.readFileSync(path.join(serverDir, file), 'utf8');
      for (const [, specifier] of source.matchAll(/(?:^import\s+(?:[^'"]*?\s+from\s*)?|\bimport\(|\b__require\()["']([^"'.][^"']*)["']/gm)) {
        if (!isBuiltin(specifier!))
          loaded.add(
            specifier!
              .split('/')
              .slice(0, specifier!.startsWith('@') ? 2 : 1)
              .join('/'),
          );
      }
    }
    // pg's optional native binding, required inside a try/catch and not installed anywhere
    loaded.delete('pg-native');
    expect([...loaded].filter((name) => !runtime.packages.includes(name))).toEqual([]);
    expect(loaded).toContain('stripe');
  });
});

describe('how the server is started', () => {
  it('runs with the same environment and node flags from npm start and from the Docker image', () => {
    const { env, flags } = serverStart();
    expect(flags).toContain('--max-semi-space-size=4');
    expect(flags).toContain('--liftoff-only');
    expect(flags).toContain('--optimize-for-size');
    expect(env).toEqual({ MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536' });
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
    expect(JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!)).toEqual(['node', ...flags, 'dist/server/main.js']);
    for (const [name, value] of Object.entries(env)) expect(dockerfile).toMatch(new RegExp(`^ENV ${name}=${value}$`, 'm'));
  });
});
