import { jestConfig } from '../../jest.preset.js';

// Each test file starts its own stack and browser; they run one at a time (two cores).
export default jestConfig({
  testTimeout: 120000,
  maxWorkers: 1,
  testMatch: ['<rootDir>/test/**/*.e2e.test.ts'],
});
