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
    setupFiles: ['./src/shared/testing/fail-on-console.ts'],
    globalSetup: ['./src/server/test/pglite-seed.ts'],
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one: a single worker on CI's two cores, where
    // most files wait on PostgreSQL, SMTP or a child process more than they compute
    maxWorkers: 2,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/client/**/*.test.tsx'],
          setupFiles: ['./src/shared/testing/fail-on-console.ts', './src/client/testing/setup-dom.ts'],
        },
      },
    ],
  },
});
