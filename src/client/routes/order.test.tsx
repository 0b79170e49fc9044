import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSession } from '@client/lib/api/session';
import { stubApi } from '@client/testing/api-stub';
import { customer, price, priceRoute } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import OrderRoute from './order';

afterEach(() => {
  setSession(null);
  sessionStorage.clear();
});

describe('/order', () => {
  it.each(['en', 'es'] as const)('has the title its h1 says (%s)', async (language) => {
    stubApi({ [priceRoute]: price() });
    setSession(customer);
    renderWithProviders(<OrderRoute />, { route: '/order', language });
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(`${heading.textContent} | Frontera`));
  });
});
