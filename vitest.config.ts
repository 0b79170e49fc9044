import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve('src/shared'),
  '@client': path.resolve('src/client'),
  '@server': path.resolve('src/server'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ['./src/test-setup/fail-on-console.ts'],
    globalSetup: ['./src/test-setup/pglite-seed.ts'],
    testTimeout: 20_000,
    // more workers than CI's two cores: many files wait on PostgreSQL, SMTP or a child process
    // more than they compute (the whole suite: 719 s with 2 workers, 628 s with 3, same machine)
    maxWorkers: 3,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        extends: true,
        plugins: [react()],
        test: { name: 'dom', environment: 'jsdom', include: ['src/client/**/*.test.tsx'], setupFiles: ['./src/test-setup/fail-on-console.ts', './src/test-setup/dom.ts'] },
      },
    ],
  },
});
