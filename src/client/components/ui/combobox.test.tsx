import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { countryOptions } from '@shared/countries';
import { renderWithProviders } from '@client/testing/render';
import { ComboboxField } from './combobox';

const countries = countryOptions('es');

/** The field in a form of its own, its value shown beside it as the form would store it. */
function Harness({ initial = '', onBlur, onSubmit }: { initial?: string; onBlur?: () => void; onSubmit?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <ComboboxField
        label="País"
        hint="Donde vive"
        required
        options={countries}
        value={value}
        onChange={setValue}
        onBlur={onBlur}
        name="country"
        emptyText="Ningún país coincide"
      />
      <span data-testid="value">{value}</span>
      <button type="button">Después</button>
      <button type="submit">Enviar</button>
    </form>
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const view = renderWithProviders(<Harness {...props} />, { language: 'es' });
  const input = screen.getByRole('combobox', { name: 'País' });
  const options = () =>
    within(screen.getByRole('listbox', { hidden: true }))
      .queryAllByRole('option')
      .map((option) => option.textContent);
  const value = () => screen.getByTestId('value').textContent;
  return { ...view, input, options, value };
}

describe('<ComboboxField>', () => {
  it('is named by its visible label and described by its hint, and its list is closed at first', () => {
    const { input } = setup();
    expect(input).toHaveAccessibleName('País');
    expect(input).toHaveAccessibleDescription('Donde vive');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('filters as the user types, ignoring case and accents, word starts first', async () => {
    const { user, input, options } = setup();
    await user.type(input, 'guat');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(options()).toEqual(['Guatemala']);

    await user.clear(input);
    await user.type(input, 'PERU');
    expect(options()).toEqual(['Perú']);

    await user.clear(input);
    await user.type(input, 'estados');
    expect(options()[0]).toBe('Estados Unidos');

    // "ar": the words starting so (Argentina, the product's, first; Emiratos Árabes Unidos) before Catar
    await user.clear(input);
    await user.type(input, 'ar');
    const found = options();
    expect(found[0]).toBe('Argentina');
    expect(found.indexOf('Emiratos Árabes Unidos')).toBeGreaterThan(0);
    expect(found.indexOf('Catar')).toBeGreaterThan(found.indexOf('Emiratos Árabes Unidos'));
  });

  it('moves through the options with the arrows, pointing aria-activedescendant at the active one, and Enter chooses it', async () => {
    const { user, input, options, value } = setup();
    await user.type(input, 'ecua');
    expect(options()).toEqual(['Ecuador', 'Guinea Ecuatorial']);
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    const ecuador = screen.getByRole('option', { name: 'Ecuador' });
    expect(input).toHaveAttribute('aria-activedescendant', ecuador.id);
    expect(ecuador).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    const guinea = screen.getByRole('option', { name: 'Guinea Ecuatorial' });
    expect(input).toHaveAttribute('aria-activedescendant', guinea.id);
    expect(ecuador).not.toHaveAttribute('aria-selected', 'true');
    // past the last option, back to the first; Up from the first, the last
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', ecuador.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', guinea.id);
    await user.keyboard('{Home}');
    expect(input).toHaveAttribute('aria-activedescendant', ecuador.id);
    await user.keyboard('{End}');

    await user.keyboard('{Enter}');
    expect(value()).toBe('GQ');
    expect(input).toHaveValue('Guinea Ecuatorial');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('opens on ArrowDown at the chosen option, and Tab chooses the option moved to', async () => {
    const { user, input, value } = setup({ initial: 'MX' });
    expect(input).toHaveValue('México');
    input.focus();
    await user.keyboard('{ArrowDown}');
    // the whole list, not only the chosen label's matches
    expect(screen.getAllByRole('option')).toHaveLength(countries.length);
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'México' }).id);
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(value()).toBe('CA');
    expect(input).toHaveValue('Canadá');
    expect(screen.getByRole('button', { name: 'Después' })).toHaveFocus();
  });

  it('Tab without moving to an option leaves the value as it was', async () => {
    const { user, input, value } = setup({ initial: 'MX' });
    await user.clear(input);
    await user.type(input, 'chi');
    await user.tab();
    expect(value()).toBe('MX');
    expect(input).toHaveValue('México');
  });

  it('Escape closes the list, and a second Escape clears the text when nothing is chosen', async () => {
    const { user, input, value } = setup();
    await user.type(input, 'bra');
    expect(screen.getByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('bra');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(value()).toBe('');
  });

  it('a second Escape puts the chosen label back', async () => {
    const { user, input, value } = setup({ initial: 'PE' });
    await user.clear(input);
    await user.type(input, 'xyz');
    await user.keyboard('{Escape}{Escape}');
    expect(input).toHaveValue('Perú');
    expect(value()).toBe('PE');
  });

  it('chooses the option clicked, keeping the focus in the field', async () => {
    const { user, input, value } = setup();
    await user.type(input, 'col');
    await user.click(screen.getByRole('option', { name: 'Colombia' }));
    expect(value()).toBe('CO');
    expect(input).toHaveValue('Colombia');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens and closes from its chevron, which is out of the tab order', async () => {
    const { user, input } = setup({ initial: 'AR' });
    const toggle = screen.getByRole('button', { name: 'País: opciones' });
    expect(toggle).toHaveAttribute('tabindex', '-1');
    await user.click(toggle);
    expect(input).toHaveFocus();
    expect(screen.getByRole('listbox', { name: 'País: opciones' })).toBeVisible();
    // the chosen one is marked (bold, a check) but the visual focus stays on the text
    expect(screen.getByRole('option', { name: 'Argentina' })).toHaveClass('font-semibold');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.click(toggle);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('leaving with text that names no option puts back the chosen label (or nothing)', async () => {
    const onBlur = vi.fn();
    const { user, input, value } = setup({ initial: 'CL', onBlur });
    await user.clear(input);
    await user.type(input, 'Chilex');
    await user.tab();
    expect(input).toHaveValue('Chile');
    expect(value()).toBe('CL');
    expect(onBlur).toHaveBeenCalled();
  });

  it('leaving an empty field clears the value', async () => {
    const { user, input, value } = setup({ initial: 'CL' });
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('');
    expect(value()).toBe('');
  });

  it('text that is exactly an option label (as autofill gives it) chooses that option', async () => {
    const { user, input, value } = setup();
    await user.type(input, 'japon');
    expect(value()).toBe('JP');
    await user.tab();
    expect(input).toHaveValue('Japón');

    // autofill filling the field while another one has the focus: chosen, and no list opens
    fireEvent.change(input, { target: { value: 'Alemania' } });
    expect(value()).toBe('DE');
    expect(input).toHaveValue('Alemania');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says so when nothing matches, in a live region', async () => {
    const { user, input, value } = setup();
    await user.type(input, 'atlantida');
    expect(screen.getByRole('status')).toHaveTextContent('Ningún país coincide');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // Enter with nothing to choose neither chooses nor submits
    await user.keyboard('{Enter}');
    expect(value()).toBe('');
    await user.clear(input);
    await user.type(input, 'chi');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('listbox')).toBeVisible();
  });

  it('Enter with one match left chooses it, and only Enter on a closed list submits the form', async () => {
    const onSubmit = vi.fn();
    const { user, input, value } = setup({ onSubmit });
    await user.type(input, 'guat{Enter}');
    expect(value()).toBe('GT');
    expect(input).toHaveValue('Guatemala');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
