/**
 * Answer bodies the admin panel reads besides each call's own success shape (admin-api.ts,
 * admin-review.ts, ipdb-api.ts): what a refused or failed call says, and the IP database's
 * "offline" answer. They are read loosely on purpose: the body may come from a service (its
 * `errorResponseSchema`), from the gateway, or from a proxy in between, and a field of another
 * type simply counts as absent rather than hiding the fields that are there.
 */
import { z } from 'zod';

const looseText = z.string().optional().catch(undefined);

/** The readable part of a failed admin call: the machine-readable `error` and the `message`. */
export const adminErrorBodySchema = z.object({ error: looseText, message: looseText });
export type AdminErrorBody = z.infer<typeof adminErrorBodySchema>;

/** A 2xx answer that says no (`success: false`), as a delete or a status update may. */
export const adminRefusalSchema = adminErrorBodySchema.extend({ success: z.literal(false) });
export type AdminRefusal = z.infer<typeof adminRefusalSchema>;

/**
 * The IP database cannot be reached while the analytics service is up: analytics and IP search
 * then answer `networkError: true` (with a 200 or a 503) and the panel shows its offline state.
 */
export const ipDatabaseOfflineSchema = z.object({ networkError: z.literal(true), message: looseText });
export type IpDatabaseOffline = z.infer<typeof ipDatabaseOfflineSchema>;
