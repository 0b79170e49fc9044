import { afterEach, beforeEach, vi } from 'vitest';

/** DESIGN: a test run fails on an unexpected console.error / console.warn. Tests that expect one spy on it. */
const unexpected: string[] = [];
beforeEach(() => {
  unexpected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});

/** For a test that expects console output: returns what was printed and clears it. */
export function takeConsoleOutput(): string[] {
  return unexpected.splice(0);
}
