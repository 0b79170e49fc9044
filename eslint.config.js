import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientRule = { group: ['@server/*', '**/server/**', 'node:*'], message: 'The client never imports server code (DESIGN: client -> shared).' };
const features = ['auth', 'orders', 'payments', 'admin', 'quiz', 'marketing', 'support', 'jv', 'dashboard', 'legal'];

export default tseslint.config(
  { ignores: ['dist/**', '.dist-*/**', 'node_modules/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // DESIGN: client -> shared <- server, one way; features do not reach into each other
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@client/*', '@server/*', '**/client/**', '**/server/**'], message: 'src/shared is pure: it imports neither client nor server.' },
            { group: ['node:*', 'react', 'react-dom', 'fastify', 'drizzle-orm*'], message: 'src/shared runs in both halves: no Node or framework imports.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [clientRule] },
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@client/*', '**/client/**', 'react', 'react-dom'], message: 'The server never imports client code (DESIGN: server -> shared).' }] },
      ],
    },
  },
  {
    files: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ ...clientRule, group: ['@server/*', '**/server/**'] }] }] },
  },
  // a feature does not import another feature's internals; app/ and routes/ compose them
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientRule,
            {
              group: ['@client/features/*', `!@client/features/${feature}`, `!@client/features/${feature}/**`, '@client/app/*', '@client/routes/*'],
              message: 'A feature does not import another feature, app/ or routes/; compose them in app/ or routes/.',
            },
          ],
        },
      ],
    },
  })),
);
