import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (this file is built to packages/test-kit/dist/). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A TCP port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The 6-digit code of a verification mail. */
export function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no 6-digit code in mail: ${text.slice(0, 200)}`);
  return match[1]!;
}
