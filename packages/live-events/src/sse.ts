/**
 * The `text/event-stream` side: headers, the `retry:` hint, events, and the heartbeat comment
 * that keeps proxies (and the gateway) seeing bytes on an otherwise quiet stream.
 */
import type { ServerResponse } from 'node:http';
import type { StoredLiveEvent } from './hub.js';

export interface SseStreamOptions {
  retryMs: number;
  heartbeatMs: number;
  /** Headers of the service's own (request id …), copied onto the answer. */
  headers?: Record<string, string>;
}

export interface SseStream {
  send(ev: StoredLiveEvent): void;
  /** Ends the answer (the browser reconnects after `retry`, unless its next attempt is refused). */
  close(): void;
  readonly closed: boolean;
}

/** One event in the wire format; `data` is one line of JSON, so one `data:` field. */
export function formatSseEvent(ev: StoredLiveEvent): string {
  return `id: ${ev.id}\nevent: ${ev.event}\ndata: ${ev.data.replace(/[\r\n]+/g, ' ')}\n\n`;
}

export const SSE_HEARTBEAT = ': heartbeat\n\n';

/**
 * Starts the answer on `res` and keeps it open: the caller sends events and calls close(); a
 * client that leaves closes it too (`onClose` runs once either way).
 */
export function openSseStream(
  res: ServerResponse,
  opts: SseStreamOptions & { onClose?: () => void; onHeartbeat?: () => void },
): SseStream {
  let closed = false;
  res.writeHead(200, {
    ...opts.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and friends: pass each event on as it comes.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.socket?.setNoDelay(true);
  res.write(`retry: ${opts.retryMs}\n\n`);
  const heartbeat = setInterval(() => {
    if (closed) return;
    res.write(SSE_HEARTBEAT);
    opts.onHeartbeat?.();
  }, opts.heartbeatMs);
  heartbeat.unref();
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    opts.onClose?.();
  };
  res.once('close', finish);
  return {
    send(ev) {
      if (!closed) res.write(formatSseEvent(ev));
    },
    close() {
      if (closed) return;
      finish();
      res.end();
    },
    get closed() {
      return closed;
    },
  };
}
