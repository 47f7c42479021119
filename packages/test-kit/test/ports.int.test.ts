import net from 'node:net';
import { freePort } from '../src/local.js';

describe('freePort', () => {
  it('hands out distinct ports below the ephemeral range that a server can listen on', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 50; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(50);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
    }
    const srv = net.createServer();
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(ports[0], '127.0.0.1', () => resolve());
    });
    await new Promise((resolve) => srv.close(resolve));
  });

  it('never hands out a port something already listens on', async () => {
    const held = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => held.listen(port, '127.0.0.1', () => resolve()));
    try {
      for (let i = 0; i < 20; i++) expect(await freePort()).not.toBe(port);
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
  });
});
