/** Builds ingest-service's domain services from its dependencies. */
import type { Clock } from '@tunnelscope/service-kit';
import { createCollectorAuth, type CollectorAuth } from './collectors/collector-auth.js';
import type { IngestDb } from './db/schema.js';

export interface IngestServices {
  db: IngestDb;
  collectorAuth: CollectorAuth;
}

export function createIngestServices(deps: { db: IngestDb; clock: Clock }): IngestServices {
  return { db: deps.db, collectorAuth: createCollectorAuth(deps) };
}
