import { readRuntimeConfig } from '@tunnelscope/web-ui/runtime-config';

export { readRuntimeConfig };

export const runtimeConfig = readRuntimeConfig();
