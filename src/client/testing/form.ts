import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Types a whole value at once (a paste): the tests are about the forms, not about key events. */
export async function fill(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

/** A control by its label; a required field's label ends with the (aria-hidden) asterisk. */
export function field(label: string, scope: Pick<typeof screen, 'getByLabelText'> = screen, selector = '*'): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabelText(new RegExp(`^${escaped}\\*?$`), { selector });
}

/** Picks from a country list by its visible label (not the stored value): types it, then clicks the option. */
export async function choose(user: UserEvent, combobox: HTMLElement, label: string) {
  await user.clear(combobox);
  await user.paste(label);
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
  expect(combobox).toHaveValue(label);
}

/** A new step's heading takes the focus (after the render): typing before then could land there. */
export const headingFocused = (name: string) => waitFor(() => expect(screen.getByRole('heading', { name })).toHaveFocus());
