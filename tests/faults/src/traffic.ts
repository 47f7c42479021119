/**
 * Mid-traffic probes: a few loops that call the stack through its gateway while a dependency is
 * taken away, recording every answer (status, error shape, time) so a scenario can say which
 * requests failed, how, and when service came back.
 */

/** What one call got. `timeout`: no answer within the client's bound (a hang); `network`: the socket failed. */
export interface Outcome {
  probe: string;
  startedAt: number;
  endedAt: number;
  status: number | 'timeout' | 'network';
  ok: boolean;
  /** For a failure: whether its body is the documented error shape (house JSON or RFC 9457 problem). */
  documentedShape: boolean;
  /** A stack trace or an internal detail in the body. */
  leaksDetails: boolean;
  detail?: string;
  /** What the probe wants to check later (the e-mail address of an accepted form). */
  tag?: string;
}

export interface Probe {
  name: string;
  /** Makes one call; `ok` says whether the answer is the healthy one for this probe. */
  call(signal: AbortSignal): Promise<{ res: Response; text: string; ok: boolean; tag?: string }>;
}

/** The house error shape `{ success: false, error, message, requestId }` or an RFC 9457 problem. */
export function isDocumentedErrorShape(status: number, contentType: string, text: string): boolean {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return false;
  }
  if (contentType.startsWith('application/problem+json')) {
    return (
      body.status === status &&
      typeof body.title === 'string' &&
      typeof body.code === 'string' &&
      typeof body.detail === 'string'
    );
  }
  return (
    body.success === false &&
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    typeof body.requestId === 'string'
  );
}

/** Stack frames, driver errors or connection strings that must never reach a client. */
export function leaksInternals(text: string): boolean {
  return /\n\s+at\s|ECONNREFUSED|ETIMEDOUT|Connection is closed|node_modules|postgres:\/\/|redis:\/\/|terminating connection|Error: /i.test(
    text,
  );
}

export interface Traffic {
  outcomes: Outcome[];
  stop(): Promise<void>;
}

/**
 * Runs each probe in `perProbe` loops until stopped, one call at a time per loop with a short
 * pause, every call bounded by `timeoutMs` (longer than the gateway's upstream timeout, so a
 * timeout here is a real hang).
 */
export function startTraffic(
  probes: Probe[],
  opts: { perProbe?: number; pauseMs?: number; timeoutMs?: number } = {},
): Traffic {
  const perProbe = opts.perProbe ?? 2;
  const pauseMs = opts.pauseMs ?? 100;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const outcomes: Outcome[] = [];
  let stopped = false;
  const loop = async (probe: Probe) => {
    while (!stopped) {
      const startedAt = Date.now();
      try {
        const { res, text, ok, tag } = await probe.call(AbortSignal.timeout(timeoutMs));
        const contentType = res.headers.get('content-type') ?? '';
        outcomes.push({
          probe: probe.name,
          startedAt,
          endedAt: Date.now(),
          status: res.status,
          ok,
          documentedShape: ok || isDocumentedErrorShape(res.status, contentType, text),
          leaksDetails: leaksInternals(text),
          ...(ok ? {} : { detail: text.slice(0, 300) }),
          ...(tag ? { tag } : {}),
        });
      } catch (err) {
        const e = err as Error;
        const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
        outcomes.push({
          probe: probe.name,
          startedAt,
          endedAt: Date.now(),
          status: timedOut ? 'timeout' : 'network',
          ok: false,
          documentedShape: false,
          leaksDetails: false,
          detail: `${e.name}: ${e.message} ${String((e.cause as Error | undefined)?.message ?? '')}`.slice(
            0,
            300,
          ),
        });
      }
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const loops = probes.flatMap((p) => Array.from({ length: perProbe }, () => loop(p)));
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Waits until every probe has answered healthily `streak` times in a row after `since`, or the time runs out. */
export async function waitForHealthy(
  traffic: Traffic,
  probes: string[],
  since: number,
  { streak = 3, timeoutMs = 60_000 } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const healthy = probes.every((name) => {
      const recent = traffic.outcomes.filter((o) => o.probe === name && o.startedAt >= since).slice(-streak);
      return recent.length === streak && recent.every((o) => o.ok);
    });
    if (healthy) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Seconds from `returnedAt` (the dependency answers again) until every probe is healthy for good:
 * for each probe, the start of its first healthy call after its last failed one. 0 when nothing
 * failed after the return; null when a probe never became healthy again.
 */
export function recoverySeconds(outcomes: Outcome[], probes: string[], returnedAt: number): number | null {
  let latest = returnedAt;
  for (const name of probes) {
    const mine = outcomes.filter((o) => o.probe === name);
    const lastFailure = mine.filter((o) => !o.ok).at(-1);
    if (!lastFailure) continue;
    const recovered = mine.find((o) => o.ok && o.startedAt >= lastFailure.endedAt);
    if (!recovered) return null;
    latest = Math.max(latest, recovered.startedAt);
  }
  return Math.round((latest - returnedAt) / 100) / 10;
}

export interface FailureSummary {
  requests: number;
  failed: number;
  /** status → count, for the failed requests. */
  statuses: Record<string, number>;
  /** Failures whose body is not the documented shape, or that leak internals, or hung. */
  undocumented: Outcome[];
  /** The slowest failed request, in ms (a hang shows here). */
  slowestFailureMs: number;
}

export function summarise(outcomes: Outcome[], probe?: string): FailureSummary {
  const mine = probe ? outcomes.filter((o) => o.probe === probe) : outcomes;
  const failed = mine.filter((o) => !o.ok);
  const statuses: Record<string, number> = {};
  for (const o of failed) statuses[String(o.status)] = (statuses[String(o.status)] ?? 0) + 1;
  return {
    requests: mine.length,
    failed: failed.length,
    statuses,
    undocumented: failed.filter((o) => o.status !== 503 || !o.documentedShape || o.leaksDetails),
    slowestFailureMs: failed.reduce((m, o) => Math.max(m, o.endedAt - o.startedAt), 0),
  };
}
