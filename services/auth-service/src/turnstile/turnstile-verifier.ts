/**
 * Cloudflare Turnstile siteverify, the bot check of sign-in's first step: a form POST of `secret`,
 * `response` and `remoteip`, answering `{ success, 'error-codes' }`. A verifier that cannot be
 * reached counts as a refusal (the check fails closed). The verify URL is configuration, so tests
 * and offline development talk to the local stand-in on exactly this code path.
 */
export type TurnstileOutcome =
  | { ok: true }
  /** `reason` is for the log only; the operator always reads the same message. */
  | { ok: false; reason: 'refused' | 'unreachable'; errorCodes: string[] };

export interface TurnstileVerifier {
  verify(token: string, remoteIp: string): Promise<TurnstileOutcome>;
}

const MAX_ERROR_CODES = 10;

export function createTurnstileVerifier(opts: {
  secret: string;
  verifyUrl: string;
  timeoutMs: number;
}): TurnstileVerifier {
  return {
    async verify(token, remoteIp) {
      let answer: unknown;
      try {
        const res = await fetch(opts.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: opts.secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        if (!res.ok) return { ok: false, reason: 'unreachable', errorCodes: [`http-${res.status}`] };
        answer = await res.json();
      } catch (err) {
        const name = (err as Error).name === 'TimeoutError' ? 'timeout' : 'network-error';
        return { ok: false, reason: 'unreachable', errorCodes: [name] };
      }
      const body = (answer ?? {}) as { success?: unknown; 'error-codes'?: unknown };
      if (body.success === true) return { ok: true };
      const codes = Array.isArray(body['error-codes'])
        ? body['error-codes']
            .filter((c): c is string => typeof c === 'string')
            .slice(0, MAX_ERROR_CODES)
            .map((c) => c.slice(0, 64))
        : [];
      return { ok: false, reason: 'refused', errorCodes: codes };
    },
  };
}
