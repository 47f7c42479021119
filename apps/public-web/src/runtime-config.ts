import { readRuntimeConfig } from '@tunnelscope/web-ui/runtime-config';

/** The settings the gateway writes into index.html (the brand and the contact addresses), read once. */
export const runtimeConfig = readRuntimeConfig();
