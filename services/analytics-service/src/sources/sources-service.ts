import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { IngestStatusResponse } from '@tunnelscope/contracts';
import type { Clock } from '@tunnelscope/service-kit';
import { ipdbUnavailableReason, unavailableMessage } from '../ipdb/ipdb.js';
import type { IpdbDatabase } from '../ipdb/schema.js';
import { readIngestStatus } from './sources-repository.js';

/** The answer while the IP database cannot be reached: a state the panel shows, as on every `/vpn-db` call. */
export interface IngestStatusOffline {
  success: false;
  networkError: true;
  error: 'SERVICE_UNAVAILABLE';
  message: string;
}

export interface SourcesService {
  get(): Promise<IngestStatusResponse | IngestStatusOffline>;
}

/**
 * GET /vpn-db/sources: read live on every call, never shared through Redis. Unlike the analytics
 * figures it is a few small reads, and an operator who just ran `pnpm feeds:run` expects to see
 * that run at once. An unreachable database gives `networkError: true`; anything else is thrown.
 */
export function createSourcesService(opts: {
  db: Kysely<IpdbDatabase>;
  clock: Clock;
  log: FastifyBaseLogger;
}): SourcesService {
  return {
    async get() {
      try {
        const data = await readIngestStatus(opts.db);
        return { success: true, data, generatedAt: opts.clock.now().toISOString() };
      } catch (err) {
        const reason = ipdbUnavailableReason(err);
        if (!reason) throw err;
        opts.log.warn({ err: (err as Error).message }, 'IP database unavailable for the data sources');
        return {
          success: false,
          networkError: true,
          error: 'SERVICE_UNAVAILABLE',
          message: unavailableMessage(reason),
        };
      }
    },
  };
}
