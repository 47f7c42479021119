import { jestConfig } from '../jest.preset.js';

const preset = jestConfig();

export default {
  ...preset,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // ESM only, required by @fastify/static: see the stand-in.
    '^content-disposition$': '<rootDir>/test/stand-ins/content-disposition.cjs',
  },
};
