/**
 * The key checks of every keyed `/api/v1/*` call, in an `onRequest` hook so they come before the
 * body is read and before anything else is said about the request (the index loading included):
 * 1. a key in the query string → 400 key_in_query (keys in URLs end up in logs and histories);
 * 2. a client address with too many failed attempts this minute → 429 rate_limited;
 * 3. no key → 401 missing_api_key; a malformed key or a bad checksum → 401 invalid_api_key with
 *    no cache or database look-up; an unknown key → 401 invalid_api_key (both count as failures);
 * 4. a revoked key, or a rotated-away secret past its grace → 401 revoked_api_key;
 * 5. a client outside the key's allowlist → 403 client_not_allowed.
 */
import { KEY_QUERY_PARAMETERS } from '@tunnelscope/contracts';
import type { FastifyRequest } from 'fastify';
import { hashApiKey, isWellFormedApiKey } from '../../keys/api-key-format.js';
import type { CachedKey } from '../../keys/key-cache.js';
import type { LookupServices } from '../../services.js';
import { routeLabelOf, type Clock } from '@tunnelscope/service-kit';
import { DetectionProblem } from '../../problems/problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's key once the checks passed (keyed `/api/v1/*` routes only). */
    apiKey: CachedKey | null;
  }
}

const KEY_PARAMETERS: ReadonlySet<string> = new Set(KEY_QUERY_PARAMETERS);
const BEARER = /^Bearer[ \t]+(\S{1,200})[ \t]*$/i;

/** The key as sent, from X-API-Key or Authorization: Bearer (null when neither carries one). */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim().slice(0, 200);
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') return BEARER.exec(authorization)?.[1] ?? null;
  return null;
}

function keyInQuery(request: FastifyRequest): string | null {
  const query = request.query;
  if (!query || typeof query !== 'object') return null;
  for (const name of Object.keys(query)) {
    if (KEY_PARAMETERS.has(name.toLowerCase())) return name.slice(0, 20);
  }
  return null;
}

export function createApiKeyCheck(services: LookupServices, clock: Clock) {
  const { keyCache, failedKeys } = services;
  const fail = async (request: FastifyRequest, problem: DetectionProblem): Promise<never> => {
    await failedKeys.recordFailure(request.clientIp);
    throw problem;
  };

  return async function checkApiKey(request: FastifyRequest): Promise<CachedKey> {
    const inQuery = keyInQuery(request);
    if (inQuery) {
      throw new DetectionProblem(
        'key_in_query',
        `Do not send the API key in the URL (query parameter "${inQuery}"): send it in the X-API-Key header (or Authorization: Bearer).`,
      );
    }
    const wait = failedKeys.blockedFor(request.clientIp);
    if (wait > 0) {
      // The failed-key limiter's refusal: a rate limiter's 429, counted with the others.
      request.server.metrics.rateLimitRefusals.inc({ route: routeLabelOf(request) });
      throw new DetectionProblem(
        'rate_limited',
        `Too many failed API key attempts from this address; try again in ${wait} seconds.`,
        { 'retry-after': String(wait) },
      );
    }
    const key = presentedKey(request);
    if (!key) {
      throw new DetectionProblem(
        'missing_api_key',
        'Send your API key in the X-API-Key header (or Authorization: Bearer).',
      );
    }
    if (!isWellFormedApiKey(key)) {
      return fail(
        request,
        new DetectionProblem(
          'invalid_api_key',
          'This is not a valid API key (its format or checksum is wrong).',
        ),
      );
    }
    const found = await keyCache.resolve(hashApiKey(key));
    if (!found) return fail(request, new DetectionProblem('invalid_api_key', 'This API key does not exist.'));
    if (found.revoked) throw new DetectionProblem('revoked_api_key', 'This API key has been revoked.');
    if (found.graceUntil && found.graceUntil.getTime() <= clock.now().getTime()) {
      throw new DetectionProblem(
        'revoked_api_key',
        'This API key was rotated and its grace period has ended: use the new key.',
      );
    }
    if (found.allowedClient && !found.allowedClient(request.clientIp)) {
      throw new DetectionProblem('client_not_allowed', 'This API key may not be used from your network.');
    }
    return found;
  };
}
