import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { StatusControl } from './status-control';

const orderId = 'd1b2c3d4-0000-4000-8000-000000000007';

describe('<StatusControl>: the status follows the milestones, a hand-set one is an override', () => {
  it('says the status follows the milestones when it agrees with them', () => {
    renderWithProviders(<StatusControl orderId={orderId} status="processing" implied="processing" />);
    expect(screen.getByTestId('status-follows')).toHaveTextContent('The status follows the milestones: filing makes it In Process, the EIN Completed.');
  });

  it('names an override and what the milestones say instead, in both languages', () => {
    const { unmount } = renderWithProviders(<StatusControl orderId={orderId} status="completed" implied="paid" />);
    expect(screen.getByTestId('status-follows')).toHaveTextContent('Set by hand: the milestones say Paid.');
    unmount();
    renderWithProviders(<StatusControl orderId={orderId} status="completed" implied="processing" />, { language: 'es' });
    expect(screen.getByTestId('status-follows')).toHaveTextContent('Fijado a mano: los hitos indican En proceso.');
  });
});
