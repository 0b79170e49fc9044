import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderJv } from '../testing/render-jv';
import { CopyButton } from './copy-button';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  // userEvent.setup() installs its own clipboard; put ours on afterwards
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('<CopyButton>', () => {
  it('copies the text, says Copied! and announces it, then goes back to Copy', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const writeText = stubClipboard(async () => undefined);
    renderJv(<CopyButton text={"Subject: hi\n\nbody"} label="Email 1" />);
    // fireEvent + a flushed microtask: userEvent waits on the (faked) timers
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy: Email 1' })));
    expect(writeText).toHaveBeenCalledWith('Subject: hi\n\nbody');
    expect(screen.getByRole('button', { name: 'Copied!: Email 1' }).textContent).toBe('Copied!');
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Copy: Email 1' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    stubClipboard(async () => Promise.reject(new Error('denied')));
    renderJv(<CopyButton text="x" label="Post 1" />);
    await user.click(screen.getByRole('button', { name: 'Copy: Post 1' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/Select the text/);
  });
});
