import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, publicConfig, setPublicConfig } from '@client/lib/public-config';
import { renderWithProviders } from '@client/testing/render';
import { splitDuration, toSeconds } from '../components/countdown';
import { PresaleCountdown, PresalePage } from './presale-page';

const now = Date.UTC(2026, 10, 27, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
  setPublicConfig(defaultPublicConfig);
});

const shown = () => [...screen.getByTestId('countdown').querySelectorAll('[data-unit]')].map((tile) => tile.textContent);
const remaining = () => Number(screen.getByTestId('countdown').dataset.remaining);
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('presale countdown (docs/product.md, "Order statuses", item 10: to the configured launch)', () => {
  it('counts down to the launch each second', () => {
    const left = toSeconds({ days: 7, hours: 12, minutes: 30, seconds: 45 });
    renderWithProviders(<PresaleCountdown at={now + left * 1000} />);
    expect(shown()).toEqual(['07', '12', '30', '45']);
    expect(screen.getByRole('timer')).toHaveAccessibleName('Launch opens in: 7 days, 12 hours, 30 minutes and 45 seconds');
    tick(1000);
    expect(shown()).toEqual(['07', '12', '30', '44']);
    tick(45_000);
    expect(shown()).toEqual(['07', '12', '29', '59']);
    expect(remaining()).toBe(left - 46);
  });

  it('stops at zero and stops its timer', () => {
    renderWithProviders(<PresaleCountdown at={now + 3000} />);
    tick(2000);
    expect(remaining()).toBe(1);
    tick(1000);
    expect(remaining()).toBe(0);
    expect(shown()).toEqual(['00', '00', '00', '00']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after the launch (the default, docs/product.md June 1, 2025) says it launched, with no countdown, in both languages', () => {
    expect(publicConfig.presaleLaunchAt).toBe('2025-06-01T17:00:00.000Z');
    const { unmount } = renderWithProviders(<PresalePage />);
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    expect(screen.getByTestId('launched')).toBeVisible();
    expect(screen.getByText('Launched on June 1, 2025 at 12:00 PM EST')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The Frontera partner launch is open');
    unmount();
    renderWithProviders(<PresalePage />, { language: 'es' });
    expect(screen.getByText('Se lanzó el 1 de junio de 2025 a las 12:00 p.m. EST')).toBeVisible();
  });

  it('before a configured launch, shows its date and counts down to it', () => {
    setPublicConfig({ ...defaultPublicConfig, presaleLaunchAt: new Date(now + 2 * 86_400_000).toISOString() });
    renderWithProviders(<PresalePage />);
    expect(screen.getByText('Launch: November 29, 2026 at 7:00 AM EST')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The Frontera partner launch is almost here');
    expect(shown()).toEqual(['02', '00', '00', '00']);
    expect(screen.queryByTestId('launched')).not.toBeInTheDocument();
  });

  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(86_399)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
