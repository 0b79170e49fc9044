import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@client/lib/i18n';
import { createTestI18n } from '@client/testing/render';
import { useFormats } from './use-formats';

function renderFormats(language: 'en' | 'es') {
  const i18n = createTestI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return { i18n, ...renderHook(() => useFormats(), { wrapper }) };
}

describe('useFormats', () => {
  it('names stored country codes, money, phones and dates in Spanish, and follows a language change', async () => {
    const { result, i18n } = renderFormats('es');
    expect(result.current.language).toBe('es');
    expect(result.current.country('MX')).toBe('México');
    expect(result.current.nationality('US')).toBe('Estadounidense');
    expect(result.current.nationality('GT')).toBe('Guatemala');
    expect(result.current.phone('+50255551234')).toBe('+502 5555 1234');
    expect(result.current.state('WY')).toBe('Wyoming');
    expect(result.current.usd(39900)).toBe('US$399');
    expect(result.current.date('2026-03-05T12:00:00Z', 'long')).toBe('5 de marzo de 2026');

    await act(() => i18n.changeLanguage('en'));
    expect(result.current.country('MX')).toBe('Mexico');
    expect(result.current.nationality('US')).toBe('American');
    expect(result.current.usd(39950)).toBe('$399.50');
    expect(result.current.date('2026-03-05T12:00:00Z')).toBe('Mar 5, 2026');
    expect(result.current.date('2026-03-05T12:00:00Z', 'long')).toBe('March 5, 2026');
  });

  it('shows a value it has no name for as stored', () => {
    const { result } = renderFormats('es');
    expect(result.current.country('Atlantis')).toBe('Atlantis');
    // a phone stored before numbers were checked
    expect(result.current.phone('call me')).toBe('call me');
    expect(result.current.state('ZZ')).toBe('ZZ');
  });
});
