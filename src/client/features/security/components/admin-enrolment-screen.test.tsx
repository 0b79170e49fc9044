import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { captureEnrolmentLink, forgetEnrolmentLink } from '../enrolment-link';
import AdminEnrolmentScreen from './admin-enrolment-screen';

afterEach(() => forgetEnrolmentLink());

describe('<AdminEnrolmentScreen>', () => {
  it('puts the steps one level under the page title (h1, then h2: no level skipped, WCAG 1.3.1)', async () => {
    stubApi();
    window.history.replaceState(null, '', '/admin#enrolment=abcdefghijklmnopqrstuvwxyz');
    captureEnrolmentLink();
    renderWithProviders(<AdminEnrolmentScreen user={{ ...customer, isAdmin: true }} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Set up a second factor to continue');
    expect(screen.getByRole('heading', { level: 2, name: /^1\/3 ·\s?Confirm your password$/ })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });
});
