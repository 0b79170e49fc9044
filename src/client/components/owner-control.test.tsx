import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSession } from '@client/lib/api/session';
import { apiError, stubApi } from '@client/testing/api-stub';
import { customer } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { OwnerControl } from './owner-control';

const me = { ...customer, id: 'admin-1', name: 'Erin Admin', isAdmin: true, twoFactorEnabled: true };
const assignees = {
  assignees: [
    { id: 'admin-1', name: 'Erin Admin' },
    { id: 'admin-2', name: 'Luis Gómez' },
  ],
};
const assignRoute = 'POST /api/admin/orders/:id/assignee';
const renderControl = (assigneeId: string | null, language: 'en' | 'es' = 'en') =>
  renderWithProviders(<OwnerControl item={{ kind: 'order', id: 'o1' }} assigneeId={assigneeId} refresh={['admin', 'orders']} />, { language });

describe('<OwnerControl>', () => {
  afterEach(() => setSession(null));

  it('takes an unassigned order in one click, or gives it to a colleague', async () => {
    setSession(me);
    const network = stubApi({ 'GET /api/admin/assignees': { body: assignees }, [assignRoute]: { body: { assignee: null, changed: true } } });
    const { user } = renderControl(null);
    expect(screen.getByTestId('owner-control')).toHaveTextContent('Owner: Unassigned');
    await user.click(screen.getByRole('button', { name: 'Take it' }));
    await waitFor(() => expect(network.writes().map((call) => call.body)).toEqual([{ assigneeId: 'admin-1' }]));
    await user.selectOptions(await screen.findByLabelText('Give to a colleague'), 'Luis Gómez');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(network.writes().map((call) => call.body)).toEqual([{ assigneeId: 'admin-1' }, { assigneeId: 'admin-2' }]));
  });

  it('names the owner, offers Unassign, and says a refusal, in Spanish', async () => {
    setSession(me);
    const network = stubApi({
      'GET /api/admin/assignees': { body: assignees },
      [assignRoute]: apiError(400, 'validation_failed', 'errors.validation_failed', { assigneeId: 'admin.assign.notAdmin' }),
    });
    const { user } = renderControl('admin-2', 'es');
    expect(await screen.findByText('Luis Gómez', { selector: 'strong' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Erin Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Luis Gómez' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar responsable' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(network.writes().map((call) => call.body)).toEqual([{ assigneeId: null }]);
  });
});
