import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderJv } from '../testing/render-jv';
import { LaunchListForm } from './launch-list-form';

afterEach(() => vi.unstubAllGlobals());

describe('<LaunchListForm>', () => {
  it('requires a valid email, thanks the visitor and sends nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    renderJv(<LaunchListForm />);
    const submit = screen.getByRole('button', { name: 'Notify me' });
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /Email/ }));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'partner@example.com');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe("Thank you! You've been added to the launch list.");
    expect((screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement).value).toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
