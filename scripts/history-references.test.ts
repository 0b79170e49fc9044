import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, it } from 'vitest';

/**
 * Comments and test names say why, in the repo's own words: a reference to a numbered issue, or to
 * a section of the specification the product was first written from, points at a text a clone of
 * the repository does not hold. A rule that needs the product's reason cites docs/product.md or an
 * ADR (docs/decisions) instead.
 */
const historyReference = /\bissues? #?\d/i;
const outsideSpecification = /\bSPEC\b/;

/** The code, its tests and tools, its configuration and the docs beside it (the ADRs keep their history). */
const checkedFiles = () =>
  execFileSync('git', ['ls-files', 'src', 'e2e', 'scripts', '.ci', ':(glob)docs/*.md', ':(glob)*.ts', ':(glob)*.js', 'README.md'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.endsWith('LICENSE') && !/\.(png|jpe?g|webp|ico|woff2?|pdf|gz|br)$/.test(file));

const linesMatching = (pattern: RegExp) =>
  checkedFiles().flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );

it('checks the whole tree', () => {
  expect(checkedFiles().length).toBeGreaterThan(500);
  expect(checkedFiles()).toEqual(expect.arrayContaining(['docs/product.md', 'eslint.config.js', 'vite.config.ts']));
});

it('no file refers to a numbered issue', () => {
  expect(linesMatching(historyReference)).toEqual([]);
});

it('no file cites the specification outside the repo: the rules are in docs/product.md', () => {
  expect(linesMatching(outsideSpecification)).toEqual([]);
});
