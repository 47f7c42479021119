import { webJestConfig } from '@tunnelscope/web-ui/jest-preset';

export default webJestConfig();
