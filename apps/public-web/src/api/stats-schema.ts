// Loaded on demand by stats.ts, so zod stays out of the home route's initial chunk.
export { statsResponseSchema } from '@tunnelscope/contracts';
