// The yardstick: the smallest sensible Fastify gateway, @fastify/http-proxy in front of
// forms-service. It adds the same per-request gateway MAC and X-Forwarded-For ours does, so the
// upstream does the same work behind both.
import Fastify from 'fastify';
import proxy from '@fastify/http-proxy';
import { gatewayHeadersFor } from '@tunnelscope/service-kit';

const upstream = process.env.UPSTREAM;
const port = Number(process.env.PORT);
const app = Fastify({ logger: false });
await app.register(proxy, {
  upstream,
  prefix: '/api',
  rewritePrefix: '/api',
  replyOptions: {
    rewriteRequestHeaders: (req, headers) => ({
      ...headers,
      ...gatewayHeadersFor(process.env.INTERNAL_SHARED_SECRET, {
        audience: 'forms',
        method: req.method,
        url: req.url,
        clientIp: req.socket.remoteAddress,
      }),
    }),
  },
});
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
