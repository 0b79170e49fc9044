import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { MilestoneTimeline } from './milestone-timeline';

const steps = () => within(screen.getByTestId('milestone-timeline')).getAllByRole('listitem');

describe('<MilestoneTimeline>', () => {
  it('shows what happened with dates and notes, marks the next step, and gives a US citizen the 24–48 hour window from payment', () => {
    const order = orderDetail({
      nationality: 'US',
      paidAt: '2025-05-02T10:00:00.000Z',
      milestones: [
        { milestone: 'order_received', occurredOn: '2025-05-02', note: null },
        { milestone: 'payment_received', occurredOn: '2025-05-02', note: null },
        { milestone: 'filed_with_state', occurredOn: '2025-05-03', note: 'Filed online with Wyoming' },
      ],
    });
    renderWithProviders(<MilestoneTimeline order={order} />);
    expect(steps().map((step) => step.textContent)).toEqual([
      'Order received · May 2, 2025',
      'Payment received · May 2, 2025',
      'Filed with the state · May 3, 2025Filed online with Wyoming',
      'Approved by the state: Next',
      'EIN requested: Not yet',
      'EIN issued: Not yet',
      'Documents ready: Not yet',
    ]);
    expect(steps()[3]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('milestone-window')).toHaveTextContent(
      'In your case, usually 24–48 hours, counted from payment. Expected between May 3 and 4, 2025.',
    );
    expect(screen.queryByText('EIN', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('in Spanish, gives others the 2–4 week window, the days in long form, in neutral words', () => {
    const order = orderDetail({
      nationality: 'MX',
      paidAt: '2025-05-02T10:00:00.000Z',
      formationDate: '2025-05-12',
      milestones: [
        { milestone: 'order_received', occurredOn: '2025-05-02', note: null },
        { milestone: 'payment_received', occurredOn: '2025-05-02', note: null },
        { milestone: 'filed_with_state', occurredOn: '2025-05-05', note: null },
        { milestone: 'state_approved', occurredOn: '2025-05-12', note: null },
      ],
    });
    renderWithProviders(<MilestoneTimeline order={order} />, { language: 'es' });
    expect(steps()[4]).toHaveTextContent('EIN solicitado: Siguiente');
    expect(steps()[3]).toHaveTextContent('Aprobada por el estado · 12 may 2025');
    expect(screen.getByTestId('milestone-window')).toHaveTextContent(
      /^En su caso, suele tardar de 2 a 4 semanas desde el pago\. Fecha estimada: entre el 16 y el 30 de mayo de 2025\.$/,
    );
    expect(screen.getByText('Fecha de constitución').nextSibling).toHaveTextContent('12 may 2025');
  });

  // the estimate is of the LLC and its EIN; once the EIN is known it is gone
  it('shows the formation date and the EIN once known, and no estimate any more', () => {
    const order = orderDetail({
      nationality: 'MX',
      paidAt: '2025-05-02T10:00:00.000Z',
      formationDate: '2025-05-12',
      ein: '123456789',
      milestones: (['order_received', 'payment_received', 'filed_with_state', 'state_approved', 'ein_requested', 'ein_issued'] as const).map((milestone) => ({
        milestone,
        occurredOn: '2025-05-12',
        note: null,
      })),
    });
    renderWithProviders(<MilestoneTimeline order={order} />, { language: 'es' });
    expect(steps()[6]).toHaveTextContent('Documentos listos: Siguiente');
    expect(screen.queryByTestId('milestone-window')).not.toBeInTheDocument();
    expect(screen.getByText('EIN', { selector: 'dt' }).nextSibling).toHaveTextContent('12-3456789');
  });

  it('gives no window before payment nor once every milestone is done', () => {
    const { unmount } = renderWithProviders(<MilestoneTimeline order={orderDetail()} />);
    expect(screen.queryByTestId('milestone-window')).not.toBeInTheDocument();
    unmount();
    const all = (['order_received', 'payment_received', 'filed_with_state', 'state_approved', 'ein_requested', 'ein_issued', 'documents_ready'] as const).map(
      (milestone) => ({ milestone, occurredOn: '2025-05-20', note: null }),
    );
    renderWithProviders(<MilestoneTimeline order={orderDetail({ paidAt: '2025-05-02T10:00:00.000Z', milestones: all })} />);
    expect(screen.queryByTestId('milestone-window')).not.toBeInTheDocument();
    expect(steps().filter((step) => step.hasAttribute('aria-current'))).toHaveLength(0);
  });
});
