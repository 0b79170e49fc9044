import { describe, expect, it } from 'vitest';

// a returning visitor who chose Spanish earlier (the browser itself says en-US)
localStorage.setItem('language', 'es');
const { i18n } = await import('./i18n');

describe('language choice', () => {
  it('starts in the saved language: <html lang>, storage and the prerender cookie agree', () => {
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.cookie).toContain('lang=es');
  });

  it('is saved the moment it is made; <html lang> changes once the texts have arrived', async () => {
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    // a page whose texts exist in English only so far
    await i18n.loadNamespaces('auth');

    const switched = i18n.changeLanguage('es');
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.cookie).toContain('lang=es');
    expect(document.documentElement.lang).toBe('en');

    await switched;
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('auth:signup')).toBe('Registrarse');
  });
});
