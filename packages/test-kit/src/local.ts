import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (this file is built to packages/test-kit/dist/). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Ports for the processes a test starts, picked below the kernel's ephemeral range (32768-60999
 * on our machines). A port the OS hands out for `listen(0)` comes from that range, which every
 * outgoing connection also draws from: between the pick and the child's own listen, a connection
 * could take it (seen in CI: a stack's gateway failed with EADDRINUSE). No connection is ever
 * given a port below the range. Hand-written (no kept library picks outside the ephemeral range
 * without one more dependency); test/ports.int.test.ts exercises it.
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_767;
/** Ports this process has handed out: never the same one twice. */
const handedOut = new Set<number>();

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on now and no outgoing connection can take. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM + 1));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await listenable(port)) return port;
  }
  throw new Error(`freePort: no free port in ${PICK_FROM}-${PICK_TO} after 200 tries`);
}

/** The 6-digit code of a verification mail. */
export function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no 6-digit code in mail: ${text.slice(0, 200)}`);
  return match[1]!;
}
