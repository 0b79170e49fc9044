import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { LaunchListForm } from './launch-list-form';

describe('<LaunchListForm>', () => {
  it('requires a valid email, thanks the visitor and sends nothing', async () => {
    const api = stubApi();
    const { user } = renderWithProviders(<LaunchListForm />);
    const submit = screen.getByRole('button', { name: 'Notify me' });
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeInvalid();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: /Email/ }));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'partner@example.com');
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Thank you! You've been added to the launch list\.$/);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('');
    expect(api.calls).toEqual([]);
  });
});
