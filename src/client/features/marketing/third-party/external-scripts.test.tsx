import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { takeConsoleOutput } from '../../../../shared/testing/fail-on-console';
import { AnalyticsTags, WidgetSlot } from './external-scripts';

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-third-party]')];

describe('third-party scripts', () => {
  it('adds one async script per URL to <head> while mounted and removes them on unmount', () => {
    const view = render(<AnalyticsTags urls={['https://a.example/tag.js', 'https://b.example/tag.js']} />);
    expect(scripts().map((script) => [script.src, script.async, script.parentElement])).toEqual([
      ['https://a.example/tag.js', true, document.head],
      ['https://b.example/tag.js', true, document.head],
    ]);
    view.rerender(<AnalyticsTags urls={['https://a.example/tag.js', 'https://b.example/tag.js']} />);
    expect(scripts()).toHaveLength(2);
    view.unmount();
    expect(scripts()).toEqual([]);
  });

  it('adds nothing, and renders no slot, when no URL is configured', () => {
    const { container } = render(
      <>
        <AnalyticsTags urls={[]} />
        <WidgetSlot url={null} label="Reviews" />
      </>,
    );
    expect(scripts()).toEqual([]);
    expect(container.innerHTML).toBe('');
  });

  it('puts a widget script inside its labelled slot', () => {
    const view = render(<WidgetSlot url="https://reviews.example/widget.js" label="Customer reviews" />);
    const slot = view.getByRole('region', { name: 'Customer reviews' });
    expect(scripts().map((script) => script.parentElement)).toEqual([slot]);
    view.unmount();
    expect(scripts()).toEqual([]);
  });

  it('only logs a warning when a script fails to load', () => {
    render(<WidgetSlot url="https://reviews.example/widget.js" label="Customer reviews" />);
    scripts()[0]!.dispatchEvent(new Event('error'));
    expect(takeConsoleOutput()).toEqual(['console.warn: third-party script failed to load: https://reviews.example/widget.js']);
  });
});
