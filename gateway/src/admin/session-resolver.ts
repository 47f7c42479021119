/**
 * Resolves an admin session cookie to the caller's identity by asking auth-service (which owns
 * the sessions) over the gateway's keep-alive agent. One small POST per admin call: sessions die
 * the moment auth-service says so, with no cache to invalidate across replicas.
 */
import http from 'node:http';
import {
  INTERNAL_SESSION_RESOLVE_PATH,
  sessionResolveResponseSchema,
  type AdminIdentity,
} from '@tunnelscope/contracts';
import { internalHeaders, REQUEST_ID_HEADER, type InternalKeyring } from '@tunnelscope/service-kit';

export type Resolved =
  { kind: 'identity'; identity: AdminIdentity } | { kind: 'unauthenticated' } | { kind: 'unavailable' };

const MAX_ANSWER_BYTES = 16 * 1024;

export class SessionResolver {
  private readonly target: URL | null;

  constructor(
    authUrl: string,
    private readonly agent: http.Agent | undefined,
    private readonly keyring: InternalKeyring,
    private readonly timeoutMs: number,
  ) {
    this.target = authUrl ? new URL(INTERNAL_SESSION_RESOLVE_PATH, authUrl) : null;
  }

  resolve(token: string, touch: boolean, requestId: string, clientIp: string): Promise<Resolved> {
    const target = this.target;
    if (!target) return Promise.resolve({ kind: 'unavailable' });
    const body = JSON.stringify({ token, touch });
    return new Promise((resolve) => {
      const req = http.request(
        target,
        {
          method: 'POST',
          agent: this.agent,
          timeout: this.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            // The same per-request MAC as proxied calls: bound to this POST, path and request id.
            ...internalHeaders(this.keyring, {
              audience: 'auth',
              method: 'POST',
              path: target.pathname + target.search,
              requestId,
            }),
            [REQUEST_ID_HEADER]: requestId,
            'x-forwarded-for': clientIp,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size <= MAX_ANSWER_BYTES) chunks.push(c);
          });
          res.on('error', () => resolve({ kind: 'unavailable' }));
          res.on('end', () => {
            if (res.statusCode === 401) return resolve({ kind: 'unauthenticated' });
            if (res.statusCode !== 200) return resolve({ kind: 'unavailable' });
            try {
              const parsed = sessionResolveResponseSchema.parse(JSON.parse(Buffer.concat(chunks).toString()));
              resolve({ kind: 'identity', identity: parsed.data.identity });
            } catch {
              resolve({ kind: 'unavailable' });
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('session resolve timed out')));
      req.on('error', () => resolve({ kind: 'unavailable' }));
      req.end(body);
    });
  }
}
