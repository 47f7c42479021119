import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jestPlugin from 'eslint-plugin-jest';

const TS_FILES = ['**/*.ts', '**/*.tsx'];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/test-utils/**', '**/testing.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/.tmp/**', 'coverage/**'] },
  {
    // A `// eslint-disable` that no longer silences anything hides the next real finding.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Type-aware rules: each file is checked with the tsconfig.json of its own package, so a
    // promise nobody awaits, or one handed where a callback must return void, is an error.
    files: TS_FILES,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Configuration is the environment, parsed once per deployable in its src/config.ts; a read
    // anywhere else is a setting nobody validates or documents.
    files: TS_FILES,
    ignores: [
      '**/src/config.ts',
      ...TEST_FILES,
      'packages/test-kit/**',
      'tests/**',
      'bench/**',
      'scripts/**',
      '**/*.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment only in src/config.ts (parsed once with zod) and pass the value in.',
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/web-ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: TEST_FILES,
    plugins: { jest: jestPlugin },
    rules: {
      // A focused or skipped test silently shrinks the suite CI runs.
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/no-identical-title': 'error',
      'jest/valid-expect': 'error',
    },
  },
  {
    files: [...TEST_FILES, 'scripts/**', 'bench/**', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // Plain JavaScript (configs, scripts) is outside every tsconfig: no type-aware rules there.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS config files (postcss.config.cjs re-exports @tunnelscope/web-ui/postcss).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Migrations are typed Kysely<any> on purpose: frozen in time, they must not depend on
    // today's schema types.
    files: ['**/src/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
