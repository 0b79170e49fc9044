import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { StateCostsPage } from './state-costs-page';

describe('/state-costs', () => {
  it('lists all 50 states and DC, as cards and as table rows', () => {
    renderWithProviders(<StateCostsPage />);
    expect(within(screen.getByTestId('state-costs-table')).getAllByRole('row')).toHaveLength(52); // the header row + 51
    expect(within(screen.getByTestId('state-costs-cards')).getAllByRole('heading', { level: 2 })).toHaveLength(51);
  });

  it("shows Wyoming's dataset values: $100 filing fee (included), $60 minimum on the first day of the anniversary month, no income tax, anonymous", () => {
    renderWithProviders(<StateCostsPage />);
    const row = within(screen.getByTestId('state-costs-row-WY'));
    expect(row.getByRole('rowheader')).toHaveTextContent('Wyoming');
    expect(row.getByRole('link', { name: 'Wyoming' })).toHaveAttribute('href', '/states/wyoming');
    expect(row.getByText('$100')).toBeInTheDocument();
    expect(row.getByText('Included in our price')).toBeInTheDocument();
    expect(row.getByText('From $60 (depends on assets or revenue)')).toBeInTheDocument();
    expect(row.getByText('First day of the month you formed the LLC')).toBeInTheDocument();
    expect(row.getByRole('link', { name: /^Annual report and License Fee ?\(source, Wyoming\)/ })).toHaveAttribute(
      'href',
      'https://sos.wyo.gov/Business/docs/BusinessFees.pdf',
    );
    const cells = row.getAllByRole('cell');
    expect(cells.at(-2)).toHaveTextContent('No');
    expect(cells.at(-1)).toHaveTextContent('Yes');
  });

  it('Delaware June 1 $400; California $800 tax and the $20 biennial statement; DC unknown; New Mexico nothing yearly', () => {
    renderWithProviders(<StateCostsPage />);
    const de = within(screen.getByTestId('state-costs-row-DE'));
    expect(de.getByText('$400')).toBeInTheDocument();
    expect(de.getByText('Every year by June 1')).toBeInTheDocument();
    const ca = within(screen.getByTestId('state-costs-row-CA'));
    expect(ca.getByText('From $800 (depends on assets or revenue)')).toBeInTheDocument();
    expect(ca.getByText('Last day of the month you formed the LLC, every two years')).toBeInTheDocument();
    expect(ca.getByText('At least $810 a year')).toBeInTheDocument();
    const dc = within(screen.getByTestId('state-costs-row-DC'));
    expect(dc.getAllByText('Not in our data').length).toBeGreaterThan(0);
    expect(dc.getByText('Due date not in our data')).toBeInTheDocument();
    const nm = within(screen.getByTestId('state-costs-row-NM'));
    expect(nm.getByText('No yearly state fee')).toBeInTheDocument();
    expect(nm.getByRole('link', { name: /^No annual report/ })).toBeInTheDocument();
  });

  it('credits the dataset', () => {
    renderWithProviders(<StateCostsPage />);
    expect(screen.getByText(/State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0/)).toBeInTheDocument();
  });

  it('in Spanish: Spanish money, dates and words', () => {
    renderWithProviders(<StateCostsPage />, { language: 'es' });
    const de = within(screen.getByTestId('state-costs-row-DE'));
    expect(de.getByText('Cada año, a más tardar el 1 de junio')).toBeInTheDocument();
    expect(de.getByText('Incluida en nuestro precio')).toBeInTheDocument();
    expect(screen.getByText(/Datos estatales: US LLC State Requirements Dataset/)).toBeInTheDocument();
  });

  it('lists the states in the alphabetical order of the reader\'s language ("Hawái", "Nueva York", "Virginia Occidental")', () => {
    for (const language of ['en', 'es'] as const) {
      const { unmount } = renderWithProviders(<StateCostsPage />, { language });
      const names = within(screen.getByTestId('state-costs-cards'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent ?? '');
      expect(names, language).toEqual([...names].sort(new Intl.Collator(language === 'es' ? 'es-ES' : 'en-US').compare));
      expect(new Set(names).size).toBe(51);
      unmount();
    }
  });
});
