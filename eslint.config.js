// Lint for `npm run lint` (part of `npm test`): typescript-eslint's type-checked rules over the TypeScript
// sources, and the React hooks rules over the web app. See docs/architecture.md, "Lint".
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const typeScriptSources = ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.tools/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'apps/server/src/db/migrations/',
    ],
  },
  {
    files: typeScriptSources,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Async functions here implement Promise-returning contracts (route handlers, hooks, form validators, test
      // doubles): without `async` a throw would escape synchronously instead of rejecting.
      '@typescript-eslint/require-await': 'off',
      // A leading underscore marks a name dropped on purpose (rest destructuring, a drained iterator).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Values read from JSON are `unknown`, and ruling out null leaves `{}`, which this rule takes for an object;
      // the house shows such values with String() on purpose.
      '@typescript-eslint/no-base-to-string': 'off',
      // A union such as `Permission | string` names the expected values for the reader and the editor's completion.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // React Compiler rules: the app is not compiled by it, and these flag deliberate patterns that are correct
      // without it (state reset from props in an effect, a ref read while memoising, a ref handed down by context).
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/immutability': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/*/src/test/**'],
    // Tests read response bodies as `any` on purpose (light-my-request's `json()` returns any); their assertions are the check.
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests keep and stub DOM methods (matchMedia, scrollIntoView) to put them back afterwards.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
