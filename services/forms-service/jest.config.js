import { jestConfig } from '../../jest.preset.js';

const preset = jestConfig();

export default {
  ...preset,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // app.inject → light-my-request (CommonJS) → require('cookie') (ESM-only): see the shim.
    '^cookie$': '<rootDir>/test/support/cookie-cjs-shim.cjs',
  },
};
