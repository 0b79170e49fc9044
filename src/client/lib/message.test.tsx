import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { errorMessage, translateMessage } from './message';

describe('translateMessage', () => {
  it('resolves shared keys and feature keys from a feature-bound t, in both languages', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['auth']);
    const t = i18n.getFixedT('en', 'auth');
    expect(translateMessage(t, 'errors.rate_limited')).toBe('Too many attempts. Please wait a moment and try again.');
    expect(translateMessage(t, 'auth.emailExists')).toBe('An account with this email already exists');
    expect(translateMessage(t, 'auth.passwordLength', { min: 12 })).toBe('Password must be at least 12 characters');
    expect(errorMessage(t, new ApiError(429, 'rate_limited', 'errors.rate_limited'))).toBe('Too many attempts. Please wait a moment and try again.');
    expect(errorMessage(t, new Error('boom'))).toBe('Something went wrong on our side. Please try again.');

    await i18n.changeLanguage('es');
    await i18n.loadNamespaces(['auth']);
    const es = i18n.getFixedT('es', 'auth');
    expect(translateMessage(es, 'auth.invalidCredentials')).toBe('Correo electrónico o contraseña no válidos');
    expect(translateMessage(es, 'errors.network')).toContain('No se pudo conectar');
    await i18n.changeLanguage('en');
  });
});
