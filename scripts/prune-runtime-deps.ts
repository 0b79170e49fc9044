/**
 * `node scripts/prune-runtime-deps.ts [dir]`: after `npm ci --omit=dev` in dir (default: the
 * current one), removes from its node_modules every package the built server does not load. The
 * server bundles its dependencies (scripts/build-server.ts) except those in runtime-packages.json;
 * the image keeps those and what they depend on, and drops the rest: React, the client's libraries
 * and the peers npm installs with them were most of its 426 MB of node_modules.
 *
 * Runs in the image's build stage with Node's own type stripping (no tsx there): erasable syntax
 * only, and no imports of other .ts files.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** Node's lookup: `node_modules/<name>` in `from` and each folder above it, up to `root`. */
function resolvePackage(name: string, from: string, root: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The folders of the packages `roots` need, resolved from `root` as Node resolves them. A missing
 * dependency is an error (npm ci installs them all); a missing optional dependency or optional
 * peer is not (another platform's binary, a feature not used).
 */
export function runtimeClosure(root: string, roots: readonly string[]): Set<string> {
  const keep = new Set<string>();
  const visit = (name: string, from: string, required: boolean, by: string) => {
    const dir = resolvePackage(name, from, root);
    if (!dir) {
      if (required) throw new Error(`${name} (needed by ${by}) is not installed`);
      return;
    }
    if (keep.has(dir)) return;
    keep.add(dir);
    const manifest = readManifest(dir);
    const label = manifest.name ?? name;
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, true, label);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, dir, false, label);
    for (const dep of Object.keys(manifest.peerDependencies ?? {})) visit(dep, dir, !manifest.peerDependenciesMeta?.[dep]?.optional, label);
  };
  for (const name of roots) visit(name, root, true, 'runtime-packages.json');
  return keep;
}

/** The package folders directly inside a node_modules folder (`name`, `@scope/name`), none if it does not exist. */
export function packageDirs(modules: string): string[] {
  if (!fs.existsSync(modules)) return [];
  return fs
    .readdirSync(modules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@') ? fs.readdirSync(path.join(modules, entry)).map((name) => path.join(modules, entry, name)) : [path.join(modules, entry)],
    );
}

/** Removes every package folder under root/node_modules not in keep (and the .bin links); returns how many. */
export function prune(root: string, keep: ReadonlySet<string>): number {
  let removed = 0;
  const holdsKept = (dir: string) => [...keep].some((kept) => kept.startsWith(dir + path.sep));
  const pruneModules = (modules: string) => {
    fs.rmSync(path.join(modules, '.bin'), { recursive: true, force: true });
    for (const dir of packageDirs(modules)) {
      if (keep.has(dir) || holdsKept(dir)) pruneModules(path.join(dir, 'node_modules'));
      else {
        fs.rmSync(dir, { recursive: true, force: true });
        removed++;
      }
      const scope = path.dirname(dir);
      if (scope !== modules && fs.existsSync(scope) && fs.readdirSync(scope).length === 0) fs.rmdirSync(scope);
    }
  };
  pruneModules(path.join(root, 'node_modules'));
  return removed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? '.');
  const { packages } = JSON.parse(fs.readFileSync(new URL('./runtime-packages.json', import.meta.url), 'utf8')) as { packages: string[] };
  const keep = runtimeClosure(root, packages);
  const removed = prune(root, keep);
  console.log(`node_modules: kept ${keep.size} packages the server loads, removed ${removed}`);
}
