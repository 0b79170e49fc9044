import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { CopyButton } from './copy-button';

afterEach(() => vi.useRealTimers());

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  // userEvent.setup() (in renderWithProviders) installs its own clipboard; put ours on afterwards
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('<CopyButton>', () => {
  it('copies the text, says Copied! and announces it, then goes back to Copy', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<CopyButton text={'Subject: hi\n\nbody'} label="Email 1" />);
    const writeText = stubClipboard(async () => undefined);
    // fireEvent + a flushed microtask: userEvent waits on the (faked) timers
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy: Email 1' })));
    expect(writeText).toHaveBeenCalledWith('Subject: hi\n\nbody');
    expect(screen.getByRole('button', { name: 'Copied!: Email 1' })).toHaveTextContent(/^Copied!$/);
    expect(screen.getByRole('status')).toHaveTextContent(/^Copied to the clipboard$/);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: /Email 1/ })).toHaveAccessibleName('Copy: Email 1');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderWithProviders(<CopyButton text="x" label="Post 1" />);
    stubClipboard(async () => Promise.reject(new Error('denied')));
    await user.click(screen.getByRole('button', { name: 'Copy: Post 1' }));
    expect(await screen.findByRole('button', { name: /Post 1/ })).toHaveTextContent(/^Copy failed$/);
    expect(screen.getByRole('status')).toHaveTextContent(/Select the text/);
  });
});
