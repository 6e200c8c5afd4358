import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const RENDERER_MAY_NOT = { group: ['**/main/**', 'node:*', 'electron'], message: 'The renderer reaches the engine only through shared/ and its api module.' };
const SHARED_MAY_NOT = { group: ['**/main/**', '**/renderer/**', 'node:*', 'electron'], message: 'shared/ is pure TypeScript: no engine, renderer, Node or Electron.' };
// testkit/ is test code and stays out of the package: nothing that ships may import it (docs/architecture.md).
const TESTKIT = { group: ['**/testkit/**'], message: 'testkit/ is test code, never shipped: only tests, e2e/ and bench/ import it.' };

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', performance: 'readonly', Buffer: 'readonly', fetch: 'readonly', document: 'readonly', window: 'readonly' } },
  },
  {
    // docs/design.md §2: the renderer reaches the engine only through shared/ and its api module.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RENDERER_MAY_NOT, TESTKIT] }] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_MAY_NOT, TESTKIT] }] },
  },
  {
    files: ['main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TESTKIT] }] },
  },
  // Tests beside the code use the test kits; the layer rules still hold for them (a rule set later replaces one set earlier).
  { files: ['renderer/**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [RENDERER_MAY_NOT] }] } },
  { files: ['shared/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_MAY_NOT] }] } },
  { files: ['main/**/*.test.ts'], rules: { 'no-restricted-imports': 'off' } },
);
