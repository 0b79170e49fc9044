import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellTitle } from '@shared/languages';
import { renderWithProviders } from '@client/testing/render';
import NotFoundRoute from './not-found';

describe('the not-found route', () => {
  it('an unknown path shows the 404 with its own title', () => {
    renderWithProviders(<NotFoundRoute />, { route: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    expect(document.title).toBe('Oops! Page not found | Frontera');
  });

  it.each(['en', 'es'] as const)('/affiliate/* renders nothing (docs/product.md) but carries the title in %s', (language) => {
    document.title = 'Earlier page | Frontera';
    const { container } = renderWithProviders(<NotFoundRoute />, { route: '/affiliate/join', language });
    expect(container.querySelector('h1')).toBeNull();
    expect(document.title).toBe(shellTitle[language]);
  });
});
