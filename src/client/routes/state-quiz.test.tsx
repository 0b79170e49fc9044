import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSession } from '@client/lib/api/session';
import { defaultPublicConfig, setPublicConfig } from '@client/lib/public-config';
import { customer } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import StateQuizRoute from './state-quiz';

afterEach(() => {
  setSession(null);
  setPublicConfig(defaultPublicConfig);
});

/** The answers of the known top 3 in scoring.test.ts: CA 12, DE 11, NY 8. */
const techFounder = ['Tech or software', 'No strong preference', 'Not important', 'California', 'Raise money from investors', 'Standard protection'];

async function bestMatchStart() {
  const { user } = renderWithProviders(<StateQuizRoute />, { route: '/state-quiz' });
  for (const answer of techFounder) {
    await user.click(screen.getByRole('radio', { name: new RegExp(answer) }));
    await user.click(screen.getByRole('button', { name: /^(Next|Get My Recommendations)$/ }));
  }
  return screen.getByRole('link', { name: /Start my California LLC/ });
}

describe('the quiz result’s start button', () => {
  it('a visitor, with the default marketing page, signs up and then lands in the wizard with the state', async () => {
    setSession(null);
    expect(await bestMatchStart()).toHaveAttribute('href', `/signup?next=${encodeURIComponent('/order?state=CA')}`);
  });

  it('a visitor goes to the marketing site when MARKETING_URL is another site (docs/product.md)', async () => {
    setPublicConfig({ ...defaultPublicConfig, marketingUrl: 'https://marketing.example.com/llc' });
    setSession(null);
    expect(await bestMatchStart()).toHaveAttribute('href', 'https://marketing.example.com/llc');
  });

  it('a signed-in customer goes straight to the wizard with the state', async () => {
    setPublicConfig({ ...defaultPublicConfig, marketingUrl: 'https://marketing.example.com/llc' });
    setSession(customer);
    expect(await bestMatchStart()).toHaveAttribute('href', '/order?state=CA');
  });
});
