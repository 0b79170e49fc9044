import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImports } from './bundle-imports';
import { beyondAscii } from './ascii-source';

describe('the page renderer bundle (scripts/build-ssr.ts)', () => {
  it("carries its dependencies as production builds: nothing is loaded from node_modules, where NODE_ENV would pick React's development build", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-build-ssr-'));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-ssr.ts'], { env: { ...process.env, DIST_DIR: dist }, stdio: 'pipe' });
    const { files, packages } = staticImports(path.join(dist, 'ssr'), 'entry-server.js');
    expect(files.length).toBeGreaterThan(1);
    expect([...packages].filter((specifier) => !specifier.startsWith('node:'))).toEqual([]);
    const code = files.map((file) => fs.readFileSync(path.join(dist, 'ssr', file), 'utf8')).join('\n');
    expect(code).not.toContain('process.env.NODE_ENV');
    // it lives in the server process: one byte per character of source (scripts/ascii-source.ts)
    expect(beyondAscii(path.join(dist, 'ssr'))).toEqual([]);
  }, 120_000);
});
