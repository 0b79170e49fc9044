import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { beyondLatin1, escapeBeyondLatin1 } from './latin1';

it('escapes what is beyond Latin-1 without changing what the script does', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-latin1-'));
  // a comment, a string, a regex with and without the u flag, an identity escape, an astral character, Latin-1 left alone
  const source = [
    '// the em dash — in a comment',
    "export const text = 'curly ’ quote, café';",
    "export const quote = /['’.]/g;",
    'export const word = /[\\p{L}]+(?:[\'’.][\\p{L}]+)*/gu;',
    "export const identity = /\\’/;",
    "export const emoji = '🙂';",
  ].join('\n');
  const file = path.join(dir, 'probe.js');
  fs.writeFileSync(file, source);
  const before = await import(`${file}?before`);
  expect(beyondLatin1(dir)).toHaveLength(6);

  escapeBeyondLatin1(dir);

  expect(beyondLatin1(dir)).toEqual([]);
  expect(fs.readFileSync(file, 'utf8')).toContain('café');
  const after = await import(`${file}?after`);
  expect(after.text).toBe(before.text);
  expect(after.emoji).toBe('🙂');
  expect("O’Brien.".replace(after.quote, '')).toBe('OBrien');
  expect("O’Brien Café".match(after.word)).toEqual("O’Brien Café".match(before.word));
  expect(after.identity.test('’')).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});
