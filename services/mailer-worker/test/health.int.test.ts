import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createRedis } from '@tunnelscope/service-kit';
import { startMailSink, TEST_REDIS_URL, type MailSink } from '@tunnelscope/test-kit';
import { buildApp } from '../src/app.js';
import { createSmtpTransport, type MailTransport } from '../src/mail-jobs/smtp-transport.js';
import { freePort, testConfig } from './helpers.js';

describe('health routes', () => {
  const redis = createRedis(TEST_REDIS_URL);
  let sink: MailSink;
  let transport: MailTransport;
  let deadTransport: MailTransport;
  let running = true;
  let app: FastifyInstance;
  let deadSmtpApp: FastifyInstance;

  beforeAll(async () => {
    sink = await startMailSink();
    transport = createSmtpTransport(testConfig({ SMTP_URL: sink.smtpUrl }));
    deadTransport = createSmtpTransport(testConfig({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }));
    const config = testConfig({});
    app = buildApp({ config, redis, transport, isWorkerRunning: () => running });
    deadSmtpApp = buildApp({ config, redis, transport: deadTransport, isWorkerRunning: () => true });
    // Over real HTTP: app.inject's light-my-request require()s the ESM-only cookie 2, which
    // jest's module runtime cannot load on Node 20.
    await app.listen({ port: 0, host: '127.0.0.1' });
    await deadSmtpApp.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await deadSmtpApp.close();
    transport.close();
    deadTransport.close();
    redis.disconnect();
    await sink.close();
  });

  const get = async (target: FastifyInstance, path: string) => {
    const { port } = target.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { statusCode: res.status, body: (await res.json()) as unknown };
  };

  describe('GET /healthz', () => {
    it('answers 200 without touching a dependency', async () => {
      const res = await get(deadSmtpApp, '/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });
  });

  describe('GET /readyz', () => {
    it('is ready when Redis and the SMTP server answer and the worker runs', async () => {
      const res = await get(app, '/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: 'ready', checks: { redis: 'ok', smtp: 'ok', worker: 'ok' } });
    });

    it('is not ready when the SMTP server refuses connections', async () => {
      const res = await get(deadSmtpApp, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatchObject({ status: 'not ready', checks: { redis: 'ok', smtp: 'down' } });
    });

    it('is not ready once the worker has stopped', async () => {
      running = false;
      try {
        const res = await get(app, '/readyz');
        expect(res.statusCode).toBe(503);
        expect(res.body).toMatchObject({ checks: { worker: 'down' } });
      } finally {
        running = true;
      }
    });
  });
});
