import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDirs, prune, runtimeClosure } from './prune-runtime-deps';

/** A node_modules tree from `{ 'a': {dependencies…}, 'a/node_modules/b': {…} }`, under a fresh folder. */
function tree(packages: Record<string, object>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-prune-'));
  for (const [where, manifest] of Object.entries(packages)) {
    const dir = path.join(root, 'node_modules', where);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: where.split('node_modules/').at(-1), ...manifest }));
    fs.writeFileSync(path.join(dir, 'index.js'), '');
  }
  fs.mkdirSync(path.join(root, 'node_modules', '.bin'));
  return root;
}

/** Every package folder left under root/node_modules, nested ones included, relative to it. */
const installed = (root: string): string[] => {
  const modules = path.join(root, 'node_modules');
  const walk = (dir: string): string[] => packageDirs(dir).flatMap((pkg) => [path.relative(modules, pkg), ...walk(path.join(pkg, 'node_modules'))]);
  return walk(modules).sort();
};

describe('pruning node_modules to what the server loads', () => {
  it('keeps the roots and everything they depend on, resolved as Node resolves, and removes the rest', () => {
    const root = tree({
      server: { dependencies: { lib: '^2', '@scope/util': '^1' }, optionalDependencies: { 'server-linux-x64': '1', 'server-darwin-arm64': '1' } },
      'server/node_modules/lib': { version: '2.0.0', dependencies: { leaf: '^1' } },
      lib: { version: '1.0.0' },
      leaf: {},
      '@scope/util': { peerDependencies: { react: '*', typescript: '*' }, peerDependenciesMeta: { typescript: { optional: true } } },
      '@scope/unused': {},
      '@unused-scope/pkg': {},
      react: {},
      'server-linux-x64': {},
      'client-only': { dependencies: { 'client-dep': '1' } },
      'client-dep': {},
    });
    const keep = runtimeClosure(root, ['server']);
    expect(prune(root, keep)).toBe(5);
    // lib@1 at the top is not what server loads: its own nested lib@2 is
    expect(installed(root)).toEqual(['@scope/util', 'leaf', 'react', 'server', 'server-linux-x64', 'server/node_modules/lib'].map((p) => path.normalize(p)));
    expect(fs.existsSync(path.join(root, 'node_modules', '.bin'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'node_modules', '@unused-scope'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'node_modules', 'server', 'index.js'))).toBe(true);
  });

  it('refuses a tree missing a dependency, rather than ship an image that fails on first use', () => {
    const root = tree({ server: { dependencies: { gone: '1' } } });
    expect(() => runtimeClosure(root, ['server'])).toThrow('gone (needed by server) is not installed');
    expect(() => runtimeClosure(root, ['not-installed'])).toThrow('not-installed (needed by runtime-packages.json) is not installed');
  });

  it("keeps every package the server loads in this repository's own node_modules", () => {
    const keep = runtimeClosure(process.cwd(), ['pdfkit', '@aws-sdk/client-s3']);
    const names = [...keep].map((dir) => path.relative(path.join(process.cwd(), 'node_modules'), dir));
    expect(names).toEqual(expect.arrayContaining(['pdfkit', 'fontkit', '@aws-sdk/client-s3']));
    expect(names).not.toContain('react');
  });
});
