import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from '@client/lib/router';
import { renderWithProviders } from '@client/testing/render';
import { hashTarget, ScrollManager } from './scroll-manager';

// jsdom lays nothing out: no scrolling to stand in for
const scrollIntoView = vi.fn();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  vi.restoreAllMocks();
  scrollIntoView.mockClear();
});

function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Forward
      </button>
    </>
  );
}

function Pages() {
  return (
    <>
      <header>
        <HistoryButtons />
        <Link to="/">Home</Link>
        <Link to="/terms">Terms</Link>
        <Link to="/terms#refunds">Refunds</Link>
        <Link to="/form">Form</Link>
      </header>
      <main id="main">
        <ScrollManager />
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route
            path="/terms"
            element={
              <>
                <h1>Terms of Service</h1>
                <h2 id="refunds">Refunds</h2>
              </>
            }
          />
          {/* a page that puts focus somewhere itself keeps it there */}
          <Route
            path="/form"
            element={
              <>
                <h1>Form</h1>
                <input aria-label="Name" autoFocus />
              </>
            }
          />
        </Routes>
      </main>
    </>
  );
}

describe('<ScrollManager>', () => {
  it('leaves focus alone on the first load', () => {
    renderWithProviders(<Pages />, { route: '/terms' });
    expect(document.body).toHaveFocus();
  });

  it("after a navigation focuses the new page's h1, so its name is read out", async () => {
    const { user } = renderWithProviders(<Pages />);
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Terms of Service' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    // at once, not the stylesheet's smooth scroll from where the last page was left
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('not when the address has an anchor, nor when the page focused something itself', async () => {
    const { user, location } = renderWithProviders(<Pages />);
    const refunds = screen.getByRole('link', { name: 'Refunds' });
    await user.click(refunds);
    expect(location()).toBe('/terms');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(refunds).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Form' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    // given the time to load and look, it still does not take focus away
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(name).toHaveFocus();
  });
});

describe('<ScrollManager> and the history', () => {
  // jsdom lays nothing out: the page is as tall as a test says, and scrolls where it is told
  let scrollY = 0;
  beforeEach(() => {
    scrollY = 0;
    sessionStorage.clear();
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    vi.mocked(window.scrollTo).mockImplementation(((options: ScrollToOptions) => {
      scrollY = options.top ?? 0;
    }) as typeof window.scrollTo);
  });
  const scrollBy = (y: number) => {
    scrollY = y;
    fireEvent.scroll(window);
  };

  it('Back and Forward return to where each page was read; a new visit starts at the top', async () => {
    const { user, location } = renderWithProviders(<Pages />);
    scrollBy(1200);
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    expect(location()).toBe('/terms');
    expect(scrollY).toBe(0);
    scrollBy(300);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/');
    await waitFor(() => expect(scrollY).toBe(1200));

    await user.click(screen.getByRole('button', { name: 'Forward' }));
    expect(location()).toBe('/terms');
    await waitFor(() => expect(scrollY).toBe(300));

    // a link to the home page is a new entry: the top, not where the last visit left it
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(location()).toBe('/');
    await waitFor(() => expect(scrollY).toBe(0));
  });

  it('waits for a page that loads late to be tall enough, then restores', async () => {
    const { user } = renderWithProviders(<Pages />);
    scrollBy(2000);
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    // the page comes back short (its sections not loaded yet), and grows a few frames later
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 900 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollY).toBe(0);
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
    await waitFor(() => expect(scrollY).toBe(2000));
  });

  it('a hash that is not valid %-encoding does not throw, and is looked up as written', async () => {
    expect(hashTarget('#%E0')).toBe('%E0');
    expect(hashTarget('#caf%C3%A9')).toBe('café');
    expect(() => renderWithProviders(<Pages />, { route: '/terms#%E0' })).not.toThrow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  });
});
