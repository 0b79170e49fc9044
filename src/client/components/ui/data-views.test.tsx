import { screen, within } from '@testing-library/react';
import { Inbox, Receipt } from 'lucide-react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { EmptyState, ErrorBox, FileLink, InlineLoading, Panel } from './data-views';

const renderIn = (language: 'en' | 'es', element: ReactElement) => renderWithProviders(element, { language });

describe('ErrorBox', () => {
  it('is announced as an alert with what failed and why, and its Try Again asks again', async () => {
    const retry = vi.fn();
    const { user } = renderIn('en', <ErrorBox title="Failed to load orders" detail="Network error." onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to load orders');
    expect(alert.textContent).toContain('Network error.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('speaks Spanish, and its button is busy (not clickable twice) while the retry is on its way', async () => {
    const retry = vi.fn();
    const { user } = renderIn('es', <ErrorBox title="No se pudieron cargar los pedidos." onRetry={retry} retrying />);
    const button = within(screen.getByRole('alert')).getByRole('button', { name: 'Inténtelo de nuevo' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(retry).not.toHaveBeenCalled();
  });

  it('offers no retry where asking again cannot help (e.g. an unknown order), and reads as just its message', () => {
    renderIn('en', <ErrorBox title="Order not found." />);
    expect(screen.getByRole('alert').textContent).toBe('Order not found.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the other shared states', () => {
  it('FileLink opens the private file in a new tab and says so, in the interface language', () => {
    renderIn('es', <FileLink href="/api/documents/d1/file">EIN.pdf</FileLink>);
    const link = screen.getByRole('link', { name: /^EIN\.pdf\s?\(se abre en una pestaña nueva\)$/ });
    expect(link.getAttribute('href')).toBe('/api/documents/d1/file');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('InlineLoading is a status named by its label', () => {
    renderIn('en', <InlineLoading label="Loading documents" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading documents$/);
  });

  it('EmptyState puts its title at the level asked for, with the message and the way on', () => {
    renderIn('en', <EmptyState icon={Inbox} title="No orders yet" headingLevel={3} message="Start your first LLC." action={<a href="/order">Create</a>} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No orders yet' })).toBeVisible();
    expect(screen.getByText('Start your first LLC.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/order');
  });

  it('a titled Panel is a region named by its title; an untitled one is not a region', () => {
    renderIn(
      'en',
      <>
        <Panel title="Payment" icon={Receipt} compact>
          paid
        </Panel>
        <Panel>untitled</Panel>
      </>,
    );
    const regions = screen.getAllByRole('region');
    expect(regions.map((region) => region.getAttribute('aria-labelledby') && within(region).getByRole('heading').textContent)).toEqual(['Payment']);
    expect(regions[0]?.textContent).toContain('paid');
  });
});
