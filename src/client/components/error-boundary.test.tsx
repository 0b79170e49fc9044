import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { takeConsoleOutput } from '../../shared/testing/fail-on-console';
import { ErrorBoundary } from './error-boundary';

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

const renderIn = (language: 'en' | 'es', ui = <Page />) => renderWithProviders(ui, { language });

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
    expect(screen.getByRole('button', { name: 'Inténtelo de nuevo' })).toBeEnabled();
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
          <button
            type="button"
            onClick={() => {
              broken = false;
              setPath('/dashboard');
            }}
          >
            Go
          </button>
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
      const { unmount } = renderIn(
        'en',
        <ErrorBoundary>
          <MissingChunk />
        </ErrorBoundary>,
      );
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
