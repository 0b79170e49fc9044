import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enCommon from '@client/locales/en/common.json';
import esCommon from '@client/locales/es/common.json';
import { takeConsoleOutput } from '../../test-setup/fail-on-console';
import { ErrorBoundary } from './error-boundary';

function i18nIn(lng: 'en' | 'es') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng, resources: { en: { common: enCommon }, es: { common: esCommon } }, defaultNS: 'common', initAsync: false, react: { useSuspense: false } });
  return i18n;
}

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed');
  return <p>Your orders</p>;
}

function Page({ resetKey }: { resetKey?: string }) {
  return (
    <ErrorBoundary resetKey={resetKey}>
      <Fragile />
    </ErrorBoundary>
  );
}

const renderIn = (lng: 'en' | 'es', ui = <Page />) => render(<I18nextProvider i18n={i18nIn(lng)}>{ui}</I18nextProvider>);

beforeEach(() => {
  broken = true;
  sessionStorage.clear();
});
// React reports every error a boundary catches on the console: that is expected here
afterEach(() => takeConsoleOutput());

describe('ErrorBoundary', () => {
  it('shows a translated error screen instead of a blank page, with the ways on, and focuses its heading', () => {
    renderIn('es');
    const heading = screen.getByRole('heading', { level: 1, name: 'Algo salió mal' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/No pudimos mostrar esta página/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
  });

  it('renders the page again when Try again is pressed and the error is gone', async () => {
    renderIn('en');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Your orders')).toBeVisible();
    expect(screen.queryByTestId('error-screen')).not.toBeInTheDocument();
  });

  it('clears the error when the reset key (the path) changes, so a link out of a broken page works', () => {
    function Navigator() {
      const [path, setPath] = useState('/broken');
      return (
        <>
          <button type="button" onClick={() => { broken = false; setPath('/dashboard'); }}>Go</button>
          <Page resetKey={path} />
        </>
      );
    }
    renderIn('en', <Navigator />);
    expect(screen.getByTestId('error-screen')).toBeVisible();
    act(() => screen.getByRole('button', { name: 'Go' }).click());
    expect(screen.getByText('Your orders')).toBeVisible();
  });

  it('reloads the page once when a page chunk failed to load, and shows the error screen when it fails again', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      function MissingChunk(): never {
        throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/dashboard-abc123.js');
      }
      const { unmount } = renderIn('en', <ErrorBoundary><MissingChunk /></ErrorBoundary>);
      expect(reload).toHaveBeenCalledTimes(1);
      // while the page goes away: a spinner, not an error
      expect(screen.getByRole('status')).toBeInTheDocument();
      expect(screen.queryByTestId('error-screen')).not.toBeInTheDocument();
      unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
