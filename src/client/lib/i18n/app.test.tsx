import { describe, expect, it } from 'vitest';

// a returning visitor who chose English earlier opens a Spanish page by its address
localStorage.setItem('language', 'en');
window.history.replaceState(null, '', '/es/terms');
const { i18n, i18nReady } = await import('./app');

describe('language choice', () => {
  it("starts in the URL's language: <html lang>, storage and the cookie follow it", async () => {
    await i18nReady;
    expect(i18n.language).toBe('es');
    // only that language's shared texts were fetched before the first render
    expect(i18n.hasResourceBundle('es', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
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
