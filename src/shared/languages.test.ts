import { describe, expect, it } from 'vitest';
import { detectLanguage, requestLanguage } from './languages';

describe('detectLanguage', () => {
  it('keeps a stored choice over the browser language', () => {
    expect(detectLanguage('en', 'es-MX')).toBe('en');
    expect(detectLanguage('es', 'en-US')).toBe('es');
  });
  it("defaults to 'es' for browser languages starting with es, else 'en'", () => {
    expect(detectLanguage(null, 'es')).toBe('es');
    expect(detectLanguage(null, 'es-AR')).toBe('es');
    expect(detectLanguage(null, 'ES-es')).toBe('es');
    expect(detectLanguage(null, 'en-GB')).toBe('en');
    expect(detectLanguage(null, 'pt-BR')).toBe('en');
    expect(detectLanguage(null, undefined)).toBe('en');
  });
  it('ignores a stored value that is not a supported language', () => {
    expect(detectLanguage('fr', 'es-ES')).toBe('es');
    expect(detectLanguage('', 'en')).toBe('en');
  });
});

describe('requestLanguage', () => {
  it('follows the saved choice in the cookie over what the browser asks for', () => {
    expect(requestLanguage('es', 'en-US,en;q=0.9')).toBe('es');
    expect(requestLanguage('en', 'es-MX,es;q=0.9')).toBe('en');
  });
  it('otherwise takes the first language the browser asks for, as navigator.language does', () => {
    expect(requestLanguage(undefined, 'es-419,es;q=0.9,en;q=0.8')).toBe('es');
    expect(requestLanguage(undefined, 'en-GB,es;q=0.9')).toBe('en');
    expect(requestLanguage(undefined, ' es ')).toBe('es');
  });
  it("is 'en' without a usable cookie or header", () => {
    expect(requestLanguage(undefined, undefined)).toBe('en');
    expect(requestLanguage('fr', '')).toBe('en');
    expect(requestLanguage('<script>', '*')).toBe('en');
  });
});
