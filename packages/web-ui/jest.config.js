import { webJestConfig } from './jest-preset.js';

export default webJestConfig();
