import { fileURLToPath } from 'node:url';
import { jestConfig } from '../../jest.preset.js';

const testing = (file) => fileURLToPath(new URL(`./src/testing/${file}`, import.meta.url));

/**
 * The jest settings of the React packages (public-web, admin-web and this one): components run in
 * jsdom with the polyfills and matchers of src/testing, swc compiles TSX with React's automatic
 * runtime, and CSS modules (this package's too) become identity-obj-proxy.
 *
 * @param {import('jest').Config} overrides
 * @returns {import('jest').Config}
 */
export function webJestConfig(overrides = {}) {
  const base = jestConfig();
  return {
    ...base,
    testEnvironment: 'jsdom',
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    setupFiles: [testing('jest-polyfills.ts')],
    setupFilesAfterEnv: [testing('jest-setup.ts')],
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    moduleNameMapper: {
      ...base.moduleNameMapper,
      '\\.(css)$': 'identity-obj-proxy',
    },
    transform: {
      '^.+\\.(ts|tsx)$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'es6' },
        },
      ],
    },
    ...overrides,
  };
}
