// The yardstick: the smallest sensible Fastify gateway, @fastify/http-proxy in front of
// forms-service. It adds the same gateway token and X-Forwarded-For ours does, so the upstream
// does the same work behind both.
import Fastify from 'fastify';
import proxy from '@fastify/http-proxy';

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
      'x-forwarded-for': req.socket.remoteAddress,
      'x-tunnelscope-gateway': process.env.INTERNAL_SHARED_SECRET,
    }),
  },
});
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
