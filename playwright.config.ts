import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Playwright cannot download browsers here: it drives the system Chromium (Debian package `chromium`). */
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromePath)) {
  throw new Error(
    `Chromium not found at ${chromePath}. The browser tests need it: install it with \`apt-get install -y chromium\` (Debian/Ubuntu) or set CHROME_PATH to a Chrome/Chromium binary.`,
  );
}

export default defineConfig({
  testDir: './e2e',
  // separate artifacts per build dir, so parallel runs in one checkout do not collide
  outputDir: process.env.DIST_DIR ? `test-results/${process.env.DIST_DIR.replace(/[^\w-]/g, '')}` : 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // generous for a slow two-core CI machine (a page there takes about a second to hydrate, and
  // the layout-shift and axe journeys visit a dozen pages each): every wait is for a condition
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // the DOM at each step of a failed test, without the screencast: its frames, encoded in the
    // browser for every test that passes too, cost CPU the two-core CI machine does not have
    trace: { mode: 'retain-on-failure', screenshots: false },
    locale: 'en-US',
  },
});
