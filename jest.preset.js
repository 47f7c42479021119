// Shared jest settings: native ESM (kysely, otplib and cookie are ESM-only) compiled by swc.
/** @type {import('jest').Config} */
export function jestConfig(overrides = {}) {
  return {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
          module: { type: 'es6' },
        },
      ],
    },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    testTimeout: 30000,
    reporters: ['default', new URL('./jest.summary-reporter.js', import.meta.url).pathname],
    ...overrides,
  };
}
