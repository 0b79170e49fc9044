/**
 * Checks that package-lock.json installs with `npm ci` on every platform: its root entry matches
 * package.json, and every optional (per-platform) dependency of a locked package is itself locked.
 * npm 11 drops other platforms' optional packages when the registry lacks that exact version,
 * and `npm ci` then refuses the lock on a clean clone (see docs/decisions/0005-node-and-installs.md).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

type Deps = Record<string, string>;
interface Manifest {
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  engines?: Deps;
}
interface LockEntry extends Manifest {
  version?: string;
  integrity?: string;
  link?: boolean;
}
export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'engines'] as const;

/** Where Node would find `dep` when required from the package at `from` (walks up node_modules). */
function resolveFrom(packages: Lockfile['packages'], from: string, dep: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

export function lockProblems(manifest: Manifest, lock: Lockfile): string[] {
  const problems: string[] = [];
  if (lock.lockfileVersion < 3) problems.push(`lockfileVersion ${lock.lockfileVersion}: regenerate with npm 9 or newer`);
  const root = lock.packages[''] ?? {};
  for (const field of FIELDS) {
    const want = manifest[field] ?? {};
    const have = root[field] ?? {};
    for (const name of new Set([...Object.keys(want), ...Object.keys(have)])) {
      if (want[name] !== have[name]) problems.push(`${field}.${name}: package.json has ${want[name] ?? 'nothing'}, the lock has ${have[name] ?? 'nothing'}`);
    }
  }
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.link) continue;
    if (!entry.version || !entry.integrity) problems.push(`${path}: no version or integrity`);
    for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveFrom(lock.packages, path, dep)) problems.push(`${path} -> ${dep}@${range}: optional dependency missing from the lock`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
  const problems = lockProblems(read('package.json'), read('package-lock.json'));
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log('package-lock.json matches package.json and is complete for every platform');
}
