// @ts-check
/**
 * `npm start`, the README's one command after `npm install`: it stops with one line on a Node.js the
 * app does not support, builds only when a build input changed since the last build, then runs the
 * built server as the Docker image does (ADR 0005 for the Node floor, ADR 0019 for the flags).
 *
 * Plain JavaScript with nothing but Node's own modules, so that an old Node can read it and say
 * which one to install, instead of failing somewhere inside a dependency.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server's environment and node options, shared by `npm start`, the Dockerfile (a test keeps
 * them equal) and the test and benchmark processes. Why each: src/server/test/server-process.ts.
 */
export const serverEnv = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536' };
export const serverFlags = ['--max-semi-space-size=4', '--liftoff-only', '--optimize-for-size'];

/**
 * Whether `version` (e.g. "22.15.0") is in package.json's `engines.node`, written as lower bounds
 * joined by `||`: `^22.15.0` (that major line, from that minor) or `>=24.0.0` (that and later).
 * @param {string} version
 * @param {string} range
 */
export function supportsNode(version, range) {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  return range.split('||').some((part) => {
    const match = /^\s*(\^|>=)(\d+)\.(\d+)\.(\d+)\s*$/.exec(part);
    if (!match) throw new Error(`package.json's engines.node part "${part.trim()}" is not ^x.y.z or >=x.y.z`);
    const [want, wantMinor, wantPatch] = [Number(match[2]), Number(match[3]), Number(match[4])];
    const atLeast = major * 1e6 + minor * 1e3 + patch >= want * 1e6 + wantMinor * 1e3 + wantPatch;
    return match[1] === '^' ? major === want && atLeast : atLeast;
  });
}

/** What the build reads: a change to any of these (a test file aside) makes the next start build again. */
const buildInputs = ['src', 'scripts', 'drizzle', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

/**
 * A digest of the build inputs' paths, sizes and modification times: reading every file's contents
 * would cost a start more than it saves, and a checkout that touches a file only costs one build.
 * @param {string} dir
 */
export function sourcesDigest(dir = root) {
  const hash = crypto.createHash('sha256');
  /** @param {string} relative */
  const visit = (relative) => {
    const full = path.join(dir, relative);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) visit(path.join(relative, name));
    } else if (!/\.test\.tsx?$/.test(relative)) {
      hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  buildInputs.forEach(visit);
  return hash.digest('hex');
}

/** @param {string} dir */
const stampFile = (dir) => path.join(dir, process.env.DIST_DIR ?? 'dist', 'build-stamp.json');

/** Written as `npm run build`'s last step. @param {string} dir */
export function writeBuildStamp(dir = root) {
  fs.writeFileSync(stampFile(dir), JSON.stringify({ sources: sourcesDigest(dir) }) + '\n');
}

/** Whether the last build is of the sources as they are now. @param {string} dir */
export function buildIsCurrent(dir = root) {
  try {
    return JSON.parse(fs.readFileSync(stampFile(dir), 'utf8')).sources === sourcesDigest(dir);
  } catch {
    return false;
  }
}

function main() {
  const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (!supportsNode(process.versions.node, engines.node)) {
    console.error(
      `Frontera needs Node.js 24 (or 22.15 and newer on the 22 line); this is Node.js ${process.versions.node}. Install Node.js 24 LTS from https://nodejs.org and run npm start again.`,
    );
    process.exit(1);
  }
  if (buildIsCurrent()) {
    console.error('The build is up to date with the sources: starting it (npm run build builds again).');
  } else {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = spawn(process.execPath, [...serverFlags, path.join(process.env.DIST_DIR ?? 'dist', 'server', 'main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...serverEnv },
  });
  // Ctrl+C reaches the server through the terminal's process group; a signal sent to this process
  // alone (a supervisor's SIGTERM) is passed on, so the server shuts down cleanly either way
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv[2] === '--stamp') writeBuildStamp();
  else main();
}
