/**
 * Fetches a feed source with a deadline and a size cap (http(s) with Node's fetch; `file://` for an
 * operator's mirror), and keeps the last good download of each source on disk: a source that fails
 * later can fall back to it (feed-runner.ts), and an operator can see what was applied.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DownloadLimits {
  timeoutMs: number;
  maxBytes: number;
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export async function download(url: string, limits: DownloadLimits): Promise<string> {
  if (url.startsWith('file://')) {
    const bytes = await readFile(fileURLToPath(url));
    if (bytes.byteLength > limits.maxBytes) throw new Error(`larger than ${limits.maxBytes} bytes`);
    return bytes.toString('utf8');
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  if (!response.body) return '';
  return (await readCapped(response.body, limits.maxBytes)).toString('utf8');
}

/** Where the last good download of `url` is kept. */
export function copyPath(dir: string, url: string): string {
  return join(dir, `${createHash('sha256').update(url).digest('hex').slice(0, 16)}.feed`);
}

/** Replaces the kept copy atomically (a crash never leaves half a file). */
export async function keepCopy(dir: string, url: string, body: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const path = copyPath(dir, url);
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, body);
  await rename(partial, path);
}

export async function readCopy(dir: string, url: string): Promise<string | null> {
  try {
    return await readFile(copyPath(dir, url), 'utf8');
  } catch {
    return null;
  }
}
