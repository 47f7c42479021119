import type { FastifyBaseLogger } from 'fastify';
import type { IpSearchRecord, SearchIpResponse } from '@tunnelscope/contracts';
import type { AnswerCache } from '../ipdb/answer-cache.js';
import { ipdbUnavailableReason, unavailableMessage } from '../ipdb/ipdb.js';
import { findByAddress, type Queryable } from './search-repository.js';

export interface SearchService {
  /** `address` is a validated, trimmed dotted quad. */
  search(address: string): Promise<SearchIpResponse>;
}

/**
 * POST /vpn-db/search-ip: the records of one address, shared through Redis for `cacheSeconds`
 * (a cached answer outlives a database outage, like the analytics).
 */
export function createSearchService(opts: {
  pool: Queryable;
  cache: AnswerCache;
  cacheSeconds: number;
  log: FastifyBaseLogger;
}): SearchService {
  return {
    async search(address) {
      const key = `search:${address}`;
      // The database is asked at once, beside the cache, so a search costs one round trip, not
      // two; a cached answer wins and the query's result is dropped.
      const fromDatabase = findByAddress(opts.pool, address);
      fromDatabase.catch(() => undefined); // handled below, or not needed
      let records = await opts.cache.get<IpSearchRecord[]>(key);
      if (!records) {
        try {
          records = await fromDatabase;
        } catch (err) {
          const reason = ipdbUnavailableReason(err);
          if (!reason) throw err;
          opts.log.warn({ err: (err as Error).message }, 'IP database unavailable for search');
          return {
            success: false,
            networkError: true,
            error: 'SERVICE_UNAVAILABLE',
            message: unavailableMessage(reason),
            searchedIp: address,
          };
        }
        opts.cache.set(key, records, opts.cacheSeconds);
      }
      return { success: true, data: records, recordCount: records.length, searchedIp: address };
    },
  };
}
