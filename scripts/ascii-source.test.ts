import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { beyondAscii, escapeBeyondAscii } from './ascii-source';

it('escapes what is beyond ASCII without changing what the script does', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-ascii-'));
  // a comment, a string, a regex with and without the u flag, an identity escape, an astral character, a Latin-1 identifier
  const source = [
    '// the em dash — in a comment',
    "export const text = 'curly ’ quote, café';",
    "export const quote = /['’.]/g;",
    "export const word = /[\\p{L}]+(?:['’.][\\p{L}]+)*/gu;",
    'export const identity = /\\’/;',
    "export const emoji = '🙂';",
    '// § a section sign in a comment',
    'const año = 2026; export const year = año;',
  ].join('\n');
  const file = path.join(dir, 'probe.js');
  fs.writeFileSync(file, source);
  const before = await import(`${file}?before`);
  expect(beyondAscii(dir)).toHaveLength(10);

  escapeBeyondAscii(dir);

  expect(beyondAscii(dir)).toEqual([]);
  const after = await import(`${file}?after`);
  expect(after.text).toBe(before.text);
  expect(after.emoji).toBe('🙂');
  expect(after.year).toBe(2026);
  expect('O’Brien.'.replace(after.quote, '')).toBe('OBrien');
  expect('O’Brien Café'.match(after.word)).toEqual('O’Brien Café'.match(before.word));
  expect(after.identity.test('’')).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});
