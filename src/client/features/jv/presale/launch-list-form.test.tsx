import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { LaunchListForm } from './launch-list-form';

describe('<LaunchListForm>', () => {
  it('requires a valid email before sending anything, then sends it with the language and thanks the visitor', async () => {
    let release: (() => void) | undefined;
    const api = stubApi({ 'POST /api/launch-list': () => new Promise((resolve) => (release = () => resolve({ status: 202, body: { ok: true } }))) });
    const { user } = renderWithProviders(<LaunchListForm />);
    const submit = screen.getByRole('button', { name: 'Notify me' });
    const email = screen.getByRole('textbox', { name: /Email/ });
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(email).toBeInvalid();
    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(api.calls).toEqual([]);

    await user.clear(email);
    await user.type(email, 'partner@example.com');
    await user.click(submit);
    // busy while on its way: a second click sends nothing more
    const busy = await screen.findByRole('button', { name: 'Adding…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    release!();
    expect(await screen.findByText("Thank you! You've been added to the launch list.")).toBeVisible();
    expect(email).toHaveValue('');
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]?.body).toEqual({ email: 'partner@example.com', language: 'en' });
  });

  it('says so in Spanish when the server refuses: too many requests, or a failure; nothing is thanked', async () => {
    const api = stubApi({ 'POST /api/launch-list': apiError(429, 'rate_limited', 'errors.rate_limited') });
    const { user } = renderWithProviders(<LaunchListForm />, { language: 'es' });
    await user.type(screen.getByRole('textbox', { name: /Correo/ }), 'socia@example.com');
    await user.click(screen.getByRole('button', { name: 'Avisarme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Ha enviado varias solicitudes en poco tiempo/);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('textbox', { name: /Correo/ })).toHaveValue('socia@example.com');
    expect(api.writes()[0]?.body).toEqual({ email: 'socia@example.com', language: 'es' });

    api.on('POST /api/launch-list', { status: 500, body: {} });
    await user.click(screen.getByRole('button', { name: 'Avisarme' }));
    expect(await screen.findByText('No pudimos agregar su correo. Inténtelo de nuevo.')).toBeVisible();
  });
});
