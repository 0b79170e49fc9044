import { expect, it } from 'vitest';
import { chooseEncoding } from './page-body';

it('answers with brotli, else gzip, else uncompressed, as Accept-Encoding allows', () => {
  expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(chooseEncoding('GZIP;q=0.5, BR;q=1.0')).toBe('br');
  expect(chooseEncoding('gzip, deflate')).toBe('gzip');
  expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
  expect(chooseEncoding('*')).toBe('gzip');
  expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  expect(chooseEncoding('identity')).toBeUndefined();
  expect(chooseEncoding('')).toBeUndefined();
  expect(chooseEncoding(undefined)).toBeUndefined();
});
