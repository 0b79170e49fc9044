import { describe, expect, it } from 'vitest';
import { maxBodyDepth, unstorableTextError } from './storable-text';

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
};

describe('storable text', () => {
  it('names the first field holding a NUL byte or a lone surrogate, keys included', () => {
    expect(unstorableTextError({ name: 'Ana', note: 'a\u0000b' })?.fields).toEqual({ note: 'errors.invalidText' });
    expect(unstorableTextError({ list: ['ok', { deep: '\ud800' }] })?.fields).toEqual({ 'list.1.deep': 'errors.invalidText' });
    expect(unstorableTextError({ ['bad\u0000key']: 'x' })?.fields).toEqual({ _: 'errors.invalidText' });
    expect(unstorableTextError({ name: 'Ana María 😀', list: [1, null, true] })).toBeUndefined();
  });

  it(`walks ${maxBodyDepth} levels and refuses deeper ones, however deep, without running out of stack`, () => {
    expect(unstorableTextError(nested(maxBodyDepth - 1, 'x'))).toBeUndefined();
    expect(unstorableTextError(nested(maxBodyDepth + 1, 'x'))?.fields).toEqual({ [Array(maxBodyDepth).fill('a').join('.')]: 'errors.invalidValue' });
    expect(unstorableTextError(nested(200_000, 'x'))?.code).toBe('validation_failed');
  });
});
