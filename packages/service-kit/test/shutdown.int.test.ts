import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/slow-service.mjs');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('runService', () => {
  it('finishes the in-flight request, closes pools and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [fixture], {
      env: { ...process.env, PORT: String(port) },
      stdio: 'pipe',
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise<void>((resolve) => {
      const check = () => (out.includes('listening') ? resolve() : setTimeout(check, 20));
      check();
    });
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 150));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');

    await expect(inFlight).resolves.toEqual({ finished: true });
    await expect(exited).resolves.toBe(0);
    expect(out).toContain('pools-closed');
    // It stopped accepting: a new connection is refused.
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
  });

  it('serves its metrics on METRICS_PORT until it stops, then closes that port too', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const child = spawn(process.execPath, [fixture], {
      env: { ...process.env, PORT: String(port), METRICS_PORT: String(metricsPort) },
      stdio: 'pipe',
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise<void>((resolve) => {
      const check = () => (out.includes('listening') ? resolve() : setTimeout(check, 20));
      check();
    });
    await fetch(`http://127.0.0.1:${port}/slow`);
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toMatch(/^http_requests_total\{.*route="\/slow".*\} 1$/m);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await expect(exited).resolves.toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});
