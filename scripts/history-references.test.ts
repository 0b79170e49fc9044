import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, it } from 'vitest';

/**
 * Comments and test names say why, in the repo's own words: a reference to a numbered issue points
 * at a text a clone of the repository does not hold. A rule that needs the product's reason cites
 * docs/product.md or an ADR (docs/decisions) instead.
 */
const historyReference = /\bissues? #?\d/i;

it('no file under src/, e2e/, scripts/ or .ci/ refers to a numbered issue', () => {
  const files = execFileSync('git', ['ls-files', 'src', 'e2e', 'scripts', '.ci'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  expect(files.length).toBeGreaterThan(500);
  const found = files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (historyReference.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
