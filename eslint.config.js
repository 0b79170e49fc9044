import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import internalLinks from './scripts/lint-rules/no-literal-internal-path.js';

/** Every folder under src/client/features is a feature: a new one is checked without editing this file. */
const clientFeatures = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverFeatures = fs
  .readdirSync('src/server/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/*
 * DESIGN's import direction, by where files are rather than by how an import is spelled, so an
 * alias (@client/…) and a relative path (../../features/…) are held to the same rule.
 */
const zones = [
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'src/shared is pure: it imports neither client nor server.' },
  { target: './src/client', from: './src/server', message: 'The client never imports server code (DESIGN: client -> shared).' },
  // the catalogues are data, not code: the server's emails and documents read the same texts (ADR 0025)
  {
    target: './src/server',
    from: './src/client',
    except: ['./locales'],
    message: 'The server never imports client code (DESIGN: server -> shared); only the locale catalogues.',
  },
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/app', './src/client/routes'],
    message: 'components/ and lib/ are the shared building blocks: they import no feature, app/ or routes/.',
  },
  {
    target: './src/client/features',
    from: ['./src/client/app', './src/client/routes'],
    message: 'A feature does not import app/ or routes/: they compose features, not the other way round.',
  },
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature; compose them in app/ or routes/, or move what both need to components/ or lib/.',
  })),
];

/*
 * The server's layers (ADR 0024): features on top, then domain/ (what features share), then db/
 * and platform/. For the code that ships: a test may drive the whole app through several features.
 */
const serverZones = [
  ...serverFeatures.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: './src/server/features',
    except: [`./${feature}`],
    message: 'A server feature does not import another feature; move what both need to src/server/domain or platform/, or compose them in app.ts.',
  })),
  { target: './src/server/domain', from: './src/server/features', message: 'domain/ holds what features share: it imports no feature.' },
  {
    target: ['./src/server/db', './src/server/platform'],
    from: './src/server/features',
    message: 'db/ and platform/ are below the features: they import none.',
  },
  { target: './src/server/platform', from: './src/server/domain', message: 'platform/ is the adapters: it knows no domain rule.' },
];

const resolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.js', '.json'],
  conditionNames: ['import', 'default'],
  alias: { '@shared': [path.resolve('src/shared')], '@client': [path.resolve('src/client')], '@server': [path.resolve('src/server')] },
});

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
    },
  },
  // plain-JavaScript scripts that Node runs before anything is built (npm start: scripts/start.mjs)
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [resolver],
      // no-cycle follows imports by parsing each file: TypeScript files need the TypeScript parser
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // a cycle makes load order matter and defeats code splitting; type-only imports are erased
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // a call with more than four positional arguments reads as a row of values: the code that ships
  // takes an options object instead (docs/architecture.md, "Signatures and settings")
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'src/client/testing/**'],
    rules: { 'max-params': ['error', 4] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...serverZones] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  // typed links (ADR 0023): internal paths come from the route table, the router builds on its own
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/lib/router/**'],
    plugins: { 'internal-links': internalLinks },
    rules: { 'internal-links/no-literal-internal-path': 'error' },
  },
  // the API through its typed client only: routes, parameters and answers come from the server's own schemas (src/client/lib/api/request.ts)
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/testing/**', 'src/client/lib/api-client.ts', 'src/client/lib/api/request.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/]',
          message: "Name the route as the server declares it: request('GET /api/…') or apiPath(…) from lib/api/request.ts.",
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api(\\/|$)/]',
          message: "Name the route as the server declares it: request('GET /api/…') or apiPath(…) from lib/api/request.ts.",
        },
        {
          selector: "ImportDeclaration[source.value=/api-client$/] > ImportSpecifier[imported.name='api']",
          message: 'api<T>() casts its answer unchecked: call request() from lib/api/request.ts, typed by the route.',
        },
      ],
    },
  },
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  // packages, not paths: what may run in the browser and in both halves
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-dom', 'fastify', 'drizzle-orm*'], message: 'src/shared runs in both halves: no Node or framework imports.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'The client runs in the browser: no Node modules.' }] }] },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom'], message: 'The server never imports client code (DESIGN: server -> shared).' }] },
      ],
    },
  },
);
