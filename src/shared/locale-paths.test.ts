import { describe, expect, it } from 'vitest';
import { localizedPath, splitLanguagePath } from './locale-paths';

describe('per-language paths', () => {
  it.each([
    ['/', 'en', '/'],
    ['/terms', 'en', '/terms'],
    ['/es', 'es', '/'],
    ['/es/', 'es', '/'],
    ['/es/terms', 'es', '/terms'],
    ['/es/admin/orders/abc', 'es', '/admin/orders/abc'],
    // a path that merely starts with the letters is English
    ['/estados', 'en', '/estados'],
    ['/esx/terms', 'en', '/esx/terms'],
  ] as const)('%s is %s, page %s', (pathname, language, path) => {
    expect(splitLanguagePath(pathname)).toEqual({ language, path });
  });

  it('puts the prefix back, query and all, and round-trips', () => {
    expect(localizedPath('/', 'es')).toBe('/es/');
    expect(localizedPath('/order?state=WY', 'es')).toBe('/es/order?state=WY');
    expect(localizedPath('/order?state=WY', 'en')).toBe('/order?state=WY');
    for (const path of ['/', '/terms', '/states/wyoming'])
      for (const language of ['en', 'es'] as const) expect(splitLanguagePath(localizedPath(path, language))).toEqual({ language, path });
  });
});
