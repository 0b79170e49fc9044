import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { splitDuration } from '../components/countdown';
import { presaleCountdownStart, PresaleCountdown } from './presale-page';

beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

const shown = () => [...screen.getByTestId('countdown').querySelectorAll('[data-unit]')].map((tile) => tile.textContent);
const remaining = () => Number(screen.getByTestId('countdown').dataset.remaining);
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('presale countdown (SPEC 4)', () => {
  it('starts at 7 d 12 h 30 m 45 s and ticks down each second', () => {
    expect(presaleCountdownStart).toBe(649_845);
    renderWithProviders(<PresaleCountdown />);
    expect(shown()).toEqual(['07', '12', '30', '45']);
    expect(screen.getByRole('timer')).toHaveAccessibleName('Launch opens in: 7 days, 12 hours, 30 minutes and 45 seconds');
    tick(1000);
    expect(shown()).toEqual(['07', '12', '30', '44']);
    tick(45_000);
    expect(shown()).toEqual(['07', '12', '29', '59']);
    expect(remaining()).toBe(presaleCountdownStart - 46);
  });

  it('stops at zero and stops its timer', () => {
    renderWithProviders(<PresaleCountdown start={3} />);
    tick(2000);
    expect(remaining()).toBe(1);
    tick(1000);
    expect(remaining()).toBe(0);
    expect(shown()).toEqual(['00', '00', '00', '00']);
    expect(vi.getTimerCount()).toBe(0);
    tick(10_000);
    expect(remaining()).toBe(0);
  });

  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(86_399)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
