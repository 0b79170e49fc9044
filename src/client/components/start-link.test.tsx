import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSession } from '@client/lib/api/session';
import { customer } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { StartLink } from './start-link';

afterEach(() => setSession(null));

describe('<StartLink> (the funnel’s Start buttons)', () => {
  it('sends a visitor to sign-up, then on to the wizard', () => {
    setSession(null);
    renderWithProviders(<StartLink className="">Start my LLC</StartLink>);
    expect(screen.getByRole('link', { name: 'Start my LLC' })).toHaveAttribute('href', '/signup?next=%2Forder');
  });

  it('sends someone signed in straight to the wizard', () => {
    setSession(customer);
    renderWithProviders(<StartLink className="">Start my LLC</StartLink>);
    expect(screen.getByRole('link', { name: 'Start my LLC' })).toHaveAttribute('href', '/order');
  });
});
