/**
 * `GET /events` (below the admin prefix): the Server-Sent Events stream of an open panel. Behind
 * the admin session like every admin call: the gateway resolved it (read-only for this path, so
 * the stream never moves the session's lastActivity) and signed the identity, checked here
 * before anything else.
 *
 * The stream sends every live event after `Last-Event-ID` (a reconnect) or from now on, a
 * heartbeat comment every LIVE_HEARTBEAT_MS, and ends on `session.ended`: the panel's EventSource
 * then reconnects through the gateway, which lets it in again only while its session lives. The
 * gateway also checks the session again on its own every heartbeat interval (idle timeout, expiry).
 */
import { ADMIN_LIVE_EVENTS_PATH, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from '@tunnelscope/contracts';
import { openSseStream, type SseStream } from '@tunnelscope/live-events';
import { REQUEST_ID_HEADER, requireAdminSession, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { FormsLive } from './live-events.js';

export interface LiveEventsRouteOptions {
  live: FormsLive;
  /** Tests shorten it; production keeps LIVE_HEARTBEAT_MS. */
  heartbeatMs?: number;
}

const liveEventsRoute: FastifyPluginAsyncZod<LiveEventsRouteOptions> = async (app, opts) => {
  const { hub } = opts.live;
  const open = new Set<SseStream>();

  // Open streams end before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close();
    await hub.close();
  });

  app.get(
    ADMIN_LIVE_EVENTS_PATH,
    {
      preValidation: async (request) => {
        requireAdminSession(request);
      },
    },
    async (request, reply) => {
      reply.hijack();
      let unsubscribe: (() => void) | null = null;
      const stream = openSseStream(reply.raw, {
        retryMs: LIVE_RETRY_MS,
        heartbeatMs: opts.heartbeatMs ?? LIVE_HEARTBEAT_MS,
        headers: { [REQUEST_ID_HEADER]: request.id },
        onClose: () => {
          open.delete(stream);
          unsubscribe?.();
        },
      });
      open.add(stream);
      const lastEventId = request.headers['last-event-id'];
      try {
        unsubscribe = await hub.subscribe(
          (ev) => {
            stream.send(ev);
            if (ev.event === 'session.ended') stream.close();
          },
          typeof lastEventId === 'string' ? lastEventId : null,
        );
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'live events unavailable');
        stream.close();
        return;
      }
      if (stream.closed) unsubscribe();
    },
  );
};

export default liveEventsRoute;
