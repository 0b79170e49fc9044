import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { Button } from './button';

/** A form whose submit button is busy until the test says the work is done. */
function SlowForm({ onSubmit }: { onSubmit: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
        setBusy(true);
      }}
    >
      <input aria-label="Name" />
      <Button type="submit" busy={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
      <Button onClick={() => setBusy(false)}>Done</Button>
    </form>
  );
}

describe('<Button busy>', () => {
  it('keeps the keyboard focus while busy (aria-disabled, not disabled) and ignores Enter, Space and clicks until done', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<SlowForm onSubmit={onSubmit} />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    // the same element, busy, focusable and focused: a disabled button would drop focus to <body>
    expect(save).toHaveAccessibleName('Saving…');
    expect(save).not.toHaveAttribute('disabled');
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save).toHaveFocus();

    // no double submit, whatever is pressed
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(save);
    // nor Enter in a field of the form (implicit submission clicks the busy button)
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(save).not.toHaveAttribute('aria-disabled');
    save.focus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('a disabled button stays disabled', () => {
    renderWithProviders(<Button disabled>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
