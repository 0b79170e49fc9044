import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterEach, describe, expect, it } from 'vitest';
import { supportsNode } from './start.mjs';

const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };

describe('the Node.js the app supports (README, ADR 0005)', () => {
  it('states the true floor: each line it admits satisfies every locked package, and the line below does not', () => {
    const floors = manifest.engines.node.split('||').map((part) => semver.minVersion(part.trim())!.version);
    expect(floors).toEqual(['22.15.0', '24.0.0']);
    const ranges = Object.entries(lock.packages).flatMap(([name, entry]) =>
      entry.engines && !Array.isArray(entry.engines) && entry.engines.node ? [[name || 'root', entry.engines.node] as const] : [],
    );
    const unmet = floors.flatMap((floor) => ranges.filter(([, range]) => !semver.satisfies(floor, range)).map(([name, range]) => `${floor}: ${name} ${range}`));
    expect(unmet).toEqual([]);
    // one below the floor is refused by some locked package: the floor is not lower than it must be
    expect(ranges.some(([, range]) => !semver.satisfies('22.14.0', range))).toBe(true);
  });

  it('accepts exactly the versions engines admits', () => {
    for (const version of ['22.15.0', '22.22.1', '24.0.0', 'v24.11.1', '25.1.0']) expect(supportsNode(version, manifest.engines.node), version).toBe(true);
    for (const version of ['20.19.5', '22.12.0', '22.14.9', '23.11.0', '18.20.0']) expect(supportsNode(version, manifest.engines.node), version).toBe(false);
    for (const version of ['20.19.5', '22.14.9', '23.11.0', '24.0.0', '22.15.0'])
      expect(supportsNode(version, manifest.engines.node), version).toBe(semver.satisfies(version, manifest.engines.node));
  });

  // the machines this runs on keep their distribution's Node beside the one on PATH (.ci/run)
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => fs.existsSync(file));
  const oldNode = systemNode && spawnSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  it.runIf(oldNode && !supportsNode(oldNode, manifest.engines.node))(
    `npm start on an unsupported Node (${oldNode}) stops with one line naming the one to install`,
    () => {
      const run = spawnSync(systemNode!, ['scripts/start.mjs'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(`this is Node.js ${oldNode}. Install Node.js 24 LTS`)]);
    },
  );
});

/**
 * A project of its own: start.mjs copied in, a build that counts its runs and writes a "server"
 * that prints what it was started with, so the real script runs end to end without the real build.
 */
function project() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontera-start-'));
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.copyFileSync('scripts/start.mjs', path.join(dir, 'scripts', 'start.mjs'));
  fs.writeFileSync(path.join(dir, 'src', 'main.ts'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'src', 'main.test.ts'), 'export {};\n');
  const server = "console.log('server ' + process.execArgv.join(' ') + ' ' + process.env.MALLOC_ARENA_MAX)";
  const build = `node -e "fs.appendFileSync('builds', 'x'); fs.mkdirSync('dist/server', {recursive: true}); fs.writeFileSync('dist/server/main.js', \\"${server.replace(/'/g, "\\'")}\\")" && node scripts/start.mjs --stamp`;
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ engines: manifest.engines, scripts: { build } }));
  return dir;
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('npm start', () => {
  const start = (dir: string) => spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  const builds = (dir: string) => fs.readFileSync(path.join(dir, 'builds'), 'utf8').length;

  it('builds on the first start, not on the next, and again once a source changed (a test file aside)', () => {
    const dir = project();
    dirs.push(dir);
    const first = start(dir);
    expect(first.status, first.stderr).toBe(0);
    expect(builds(dir)).toBe(1);
    // the server runs with the image's flags and environment
    expect(first.stdout).toContain('server --max-semi-space-size=4 --liftoff-only --optimize-for-size 1');

    const second = start(dir);
    expect(second.status, second.stderr).toBe(0);
    expect(builds(dir)).toBe(1);
    expect(second.stderr).toContain('The build is up to date');
    expect(second.stdout).toContain('server ');

    fs.appendFileSync(path.join(dir, 'src', 'main.test.ts'), '// a test changed\n');
    expect(start(dir).status).toBe(0);
    expect(builds(dir)).toBe(1);

    fs.appendFileSync(path.join(dir, 'src', 'main.ts'), 'export const changed = 1;\n');
    expect(start(dir).status).toBe(0);
    expect(builds(dir)).toBe(2);

    fs.writeFileSync(path.join(dir, 'src', 'added.ts'), 'export {};\n');
    expect(start(dir).status).toBe(0);
    expect(builds(dir)).toBe(3);
  });

  it('stops with the build when the build fails, and does not start a stale one', () => {
    const dir = project();
    dirs.push(dir);
    expect(start(dir).status).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: { build: string } };
    pkg.scripts.build = 'node -e "process.exit(3)"';
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
    const run = start(dir);
    expect(run.status).toBe(3);
    expect(run.stdout).not.toContain('server ');
  });
});
