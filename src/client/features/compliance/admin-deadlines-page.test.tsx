import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { complianceCalendar } from '@shared/compliance';
import type { TAdminCompliance } from '@shared/compliance/api';
import { stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { AdminDeadlinesPage } from './admin-deadlines-page';

const route = 'GET /api/admin/compliance';
const today = '2027-02-10';
const deadlines = complianceCalendar({ state: 'WY', formationDate: '2026-03-15', owners: 'foreign', members: 'single', today }).filter(
  (d) => d.status === 'due-soon',
);
const answer: TAdminCompliance = {
  today,
  items: deadlines.map((deadline) => ({ orderId: 'o1', orderNumber: 'A1B2C3D4', companyName: 'Sol Naciente LLC', email: 'ana@example.com', deadline })),
  nextCursor: null,
};

describe('the administrators’ deadlines page', () => {
  it('lists each deadline with its date, status, company (a link to the order) and customer', async () => {
    stubApi({ [route]: { body: answer } });
    renderWithProviders(<AdminDeadlinesPage />);
    const list = await screen.findByTestId('admin-deadlines');
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('State annual report');
    expect(first).toHaveTextContent('Due soon');
    expect(within(first!).getByRole('link', { name: 'Sol Naciente LLC (A1B2C3D4)' })).toHaveAttribute('href', '/admin/orders/o1');
  });

  it('loads the next page of companies under the first, and no button after the last', async () => {
    const second = { ...answer.items[0]!, orderId: 'o2', orderNumber: 'E5F6A7B8', companyName: 'Andes Global LLC' };
    const cursor = `${answer.items[0]!.deadline.dueDate}~00000000-0000-4000-8000-000000000001`;
    stubApi({
      [route]: { body: { ...answer, nextCursor: cursor } },
      [`${route}?${new URLSearchParams({ cursor })}`]: { body: { today, items: [second], nextCursor: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDeadlinesPage />);
    const list = await screen.findByTestId('admin-deadlines');
    expect(within(list).queryByText(/Andes Global LLC/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more companies' }));
    expect(await within(list).findByRole('link', { name: 'Andes Global LLC (E5F6A7B8)' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Sol Naciente LLC (A1B2C3D4)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more companies' })).not.toBeInTheDocument();
  });

  it('in Spanish, and empty and error states', async () => {
    stubApi({ [route]: { body: { today, items: [], nextCursor: null } } });
    renderWithProviders(<AdminDeadlinesPage />, { language: 'es' });
    expect(await screen.findByText('Ninguna fecha límite está vencida ni vence pronto.')).toBeInTheDocument();
  });

  it('an error offers a retry', async () => {
    stubApi({ [route]: { status: 500 } });
    renderWithProviders(<AdminDeadlinesPage />);
    expect(await screen.findByText('We could not load the deadlines.')).toBeInTheDocument();
  });
});
