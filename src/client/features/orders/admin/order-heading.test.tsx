import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminOrderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { OrderHeading } from './order-heading';

describe('<OrderHeading>', () => {
  it('says where the order stands, as the customer’s dashboard does, and whose move is next, in both languages', () => {
    const order = adminOrderDetail();
    const cases = [
      [{ stage: 'filed', next: 'none' }, 'en', 'Filed with Wyoming: waiting for its approval · the next move is the team’s'],
      [{ stage: 'signatures_needed', next: 'sign' }, 'en', 'Waiting for signatures · waiting for the customer to sign'],
      [
        { stage: 'details_needed', next: 'complete_details' },
        'es',
        'Pagado: faltan los datos de la empresa · esperando que el cliente complete los datos de la empresa',
      ],
    ] as const;
    for (const [state, language, text] of cases) {
      const { unmount } = renderWithProviders(<OrderHeading order={{ ...order, llcState: 'WY', state: { ...state, refundOpen: false } }} />, { language });
      expect(screen.getByTestId('order-stage')).toHaveTextContent(text);
      unmount();
    }
  });
});
