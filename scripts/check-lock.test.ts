import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Lockfile, lockProblems } from './check-lock';

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('package-lock.json', () => {
  it('matches package.json and locks every platform build of every optional dependency', () => {
    expect(lockProblems(read('package.json'), read('package-lock.json'))).toEqual([]);
  });

  const entry = { version: '1.0.0', integrity: 'sha512-x' };
  const lock = (packages: Lockfile['packages']): Lockfile => ({ lockfileVersion: 3, packages });

  it('names a dependency that package.json and the lock disagree on', () => {
    const problems = lockProblems({ dependencies: { a: '^2.0.0', b: '^1.0.0' } }, lock({ '': { dependencies: { a: '^1.0.0' } }, 'node_modules/a': entry }));
    expect(problems).toEqual(['dependencies.a: package.json has ^2.0.0, the lock has ^1.0.0', 'dependencies.b: package.json has ^1.0.0, the lock has nothing']);
  });

  it("names another platform's optional package missing from the lock, and finds nested ones", () => {
    const problems = lockProblems(
      { dependencies: { a: '1.0.0' } },
      lock({
        '': { dependencies: { a: '1.0.0' } },
        'node_modules/a': { ...entry, optionalDependencies: { 'a-linux-x64': '1.0.0', 'a-darwin-arm64': '1.0.0', 'a-win32-x64': '1.0.0' } },
        'node_modules/a-linux-x64': entry,
        'node_modules/a/node_modules/a-win32-x64': entry,
      }),
    );
    expect(problems).toEqual(['node_modules/a -> a-darwin-arm64@1.0.0: optional dependency missing from the lock']);
  });

  it('refuses an old lockfile format and an entry without integrity', () => {
    const problems = lockProblems({}, { lockfileVersion: 2, packages: { '': {}, 'node_modules/a': { version: '1.0.0' } } });
    expect(problems).toEqual(['lockfileVersion 2: regenerate with npm 9 or newer', 'node_modules/a: no version or integrity']);
  });
});
