/**
 * The offline export, registered under `/api/v1/export` beside the detection routes:
 * `GET /export/tunnelscope.mmdb` and `GET /export/tunnelscope.csv`, for keys with `allowExport`.
 *
 * The same key checks as every keyed call run first (api-key-auth.ts), then the index-loading
 * refusal, then the export permission; a download counts as one request against the key's burst
 * and daily quota. The files are this replica's export of the snapshot answering now, built once
 * per data version (export/export-cache.ts) and streamed from disk; the ETag is the data version,
 * so a client that already holds this version gets 304 without a download. While a new version is
 * being built the previous one is served (its own ETag and X-Data-Version say which it is).
 */
import { createReadStream } from 'node:fs';
import {
  DATA_VERSION_HEADER,
  DETECTION_API,
  DETECTION_API_PREFIX,
  formatDataVersion,
} from '@tunnelscope/contracts';
import type { FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_RETRY_AFTER_FAILURE_MS, createExportCache } from '../../export/export-cache.js';
import type { ExportFiles } from '../../export/export-files.js';
import { meterOrRefuse } from '../../metering/meter-request.js';
import { DetectionProblem, installProblemHandling } from '../../problems/problem.js';
import type { RouteDeps } from '../route-deps.js';
import { createApiKeyCheck } from '../v1/api-key-auth.js';

/**
 * Where the plugin is registered. A prefix of its own (not `/api/v1`, where the detection routes
 * already set the not-found handler) lets it install the same problem handling in its scope.
 */
export const EXPORT_PREFIX = `${DETECTION_API_PREFIX}/export`;
const relative = (path: string) => path.slice(EXPORT_PREFIX.length);

/**
 * How long a download waits for a build before it gets the previous version (or, before the first
 * build, a retry): under the gateway's upstream timeout (UPSTREAM_TIMEOUT_MS, 10 s by default).
 */
export const EXPORT_WAIT_MS = 5000;
/** A full-scale build takes about a minute on two cores. */
const EXPORT_RETRY_SECONDS = 60;

const FORMATS = {
  mmdb: { path: DETECTION_API.exportMmdb.path, contentType: 'application/octet-stream' },
  csv: { path: DETECTION_API.exportCsv.path, contentType: 'text/csv; charset=utf-8' },
} as const;

const exportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, clock, quotaRefusals }) => {
  const { index, meter } = services;
  installProblemHandling(app);
  app.decorateRequest('apiKey', null);
  const checkApiKey = createApiKeyCheck(services, clock);
  const cache = createExportCache({ index, logger: app.log });
  app.addHook('onClose', async () => cache.close());

  app.addHook('onRequest', async (request) => {
    request.apiKey = await checkApiKey(request);
    if (!index.ready) {
      throw new DetectionProblem('index_loading', 'The detection index is loading; retry in a few seconds.', {
        'retry-after': '5',
      });
    }
  });

  const permitAndMeter = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.apiKey!;
    if (!key.allowExport) {
      throw new DetectionProblem(
        'export_not_allowed',
        'This API key may not download the offline export; ask us to enable it for the key.',
      );
    }
    await meterOrRefuse(meter, key, 1, reply, quotaRefusals);
  };

  for (const [format, { path, contentType }] of Object.entries(FORMATS) as [
    keyof typeof FORMATS,
    (typeof FORMATS)[keyof typeof FORMATS],
  ][]) {
    app.get(relative(path), { preHandler: permitAndMeter }, async (request, reply) => {
      const state = await cache.current(EXPORT_WAIT_MS);
      // The index answered ready a moment ago; only a close in between leaves no snapshot.
      if (state === null) {
        throw new DetectionProblem(
          'index_loading',
          'The detection index is loading; retry in a few seconds.',
          {
            'retry-after': '5',
          },
        );
      }
      let files: ExportFiles;
      if ('files' in state) files = state.files;
      else if (state.previous) files = state.previous;
      else if ('failed' in state) {
        throw new DetectionProblem(
          'service_unavailable',
          `The export of data version ${state.failed} could not be built; retry later.`,
          { 'retry-after': String(Math.round(DEFAULT_RETRY_AFTER_FAILURE_MS / 1000)) },
        );
      } else {
        throw new DetectionProblem(
          'service_unavailable',
          `The export of data version ${state.building} is being built; retry in a minute.`,
          { 'retry-after': String(EXPORT_RETRY_SECONDS) },
        );
      }
      const { version } = files.dataVersion;
      const etag = `"${version}"`;
      reply.header(DATA_VERSION_HEADER, formatDataVersion(files.dataVersion)).header('etag', etag);
      const match = request.headers['if-none-match'];
      if (
        typeof match === 'string' &&
        match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
      ) {
        return reply.code(304).send();
      }
      const file = files[format];
      return reply
        .type(contentType)
        .header('content-length', String(file.bytes))
        .header('content-disposition', `attachment; filename="tunnelscope-${version}.${format}"`)
        .send(createReadStream(file.path));
    });
  }
};

export default exportRoutes;
