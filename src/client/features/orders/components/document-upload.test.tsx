import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { DocumentUpload } from './document-upload';

const longName = 'WhatsApp Image 2024-05-12 at 12.34.56 PM.jpeg';

describe('<DocumentUpload>', () => {
  it('shows a long file name shortened in the middle, keeping its end and extension, and gives the whole name to assistive technology', async () => {
    renderWithProviders(
      <DocumentUpload name="passport" required file={new File(['x'], longName, { type: 'image/jpeg' })} onChoose={vi.fn()} onRemove={vi.fn()} />,
    );
    const shown = await screen.findByTestId('upload-file-name');
    // the part that may shrink with an ellipsis, and the end that always stays in view
    const visible = shown.querySelector('[aria-hidden]')!;
    expect([...visible.children].map((part) => part.textContent)).toEqual(['WhatsApp Image 2024-05-12 at 12.', '34.56 PM.jpeg']);
    expect(visible.firstElementChild).toHaveClass('text-ellipsis', 'overflow-hidden');
    expect(visible.lastElementChild).toHaveClass('shrink-0');
    expect(visible).toHaveAttribute('title', longName);
    // read in one piece, and named in the Remove button
    expect(screen.getByText(longName, { selector: '.sr-only' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Remove ${longName}` })).toBeInTheDocument();
  });

  // item 10 (WCAG 2.5.3): the visible words of the picker are part of its name
  it('names the picker with its label and what it shows: "Choose file", then the file chosen', async () => {
    const picker = async () => (await screen.findByTestId('upload-passport')).querySelector('input[type=file]')!;
    const { unmount } = renderWithProviders(<DocumentUpload name="passport" required file={null} onChoose={vi.fn()} onRemove={vi.fn()} />);
    expect(await picker()).toHaveAccessibleName(/^Passport.*Choose file$/);
    unmount();
    renderWithProviders(<DocumentUpload name="passport" required file={new File(['x'], 'ssn.pdf')} onChoose={vi.fn()} onRemove={vi.fn()} />);
    expect(await picker()).toHaveAccessibleName(/^Passport.*ssn\.pdf/);
  });

  it('shows a short name as it is', async () => {
    renderWithProviders(<DocumentUpload name="passport" required file={new File(['x'], 'ssn.pdf')} onChoose={vi.fn()} onRemove={vi.fn()} />);
    const visible = (await screen.findByTestId('upload-file-name')).querySelector('[aria-hidden]')!;
    expect([...visible.children].map((part) => part.textContent)).toEqual(['ssn.pdf']);
  });
});
