import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from '@client/lib/router';
import { renderWithProviders } from '@client/testing/render';
import { ScrollManager } from './scroll-manager';

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

function Pages() {
  return (
    <>
      <header>
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
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
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
