/** npm run bench -- <name> [args]: runs scripts/bench/<name>.ts */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [name, ...args] = process.argv.slice(2);
const dir = path.dirname(new URL(import.meta.url).pathname);
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}>`);
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`), ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
