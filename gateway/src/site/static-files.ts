/**
 * Files of a dist folder: content type, validators (ETag, Last-Modified → 304), and the `.br` /
 * `.gz` sibling a build may have written, chosen by Accept-Encoding. Bodies that have no sibling
 * are compressed on the fly by @fastify/compress when large enough; small ones are read into a
 * buffer so its size threshold applies to them too.
 */
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface FileType {
  type: string;
  compressible: boolean;
}

const TYPES: Record<string, FileType> = {
  '.html': { type: 'text/html; charset=utf-8', compressible: true },
  '.js': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.css': { type: 'text/css; charset=utf-8', compressible: true },
  '.json': { type: 'application/json; charset=utf-8', compressible: true },
  '.map': { type: 'application/json; charset=utf-8', compressible: true },
  '.webmanifest': { type: 'application/manifest+json; charset=utf-8', compressible: true },
  '.txt': { type: 'text/plain; charset=utf-8', compressible: true },
  '.csv': { type: 'text/csv; charset=utf-8', compressible: true },
  '.xml': { type: 'application/xml; charset=utf-8', compressible: true },
  '.svg': { type: 'image/svg+xml', compressible: true },
  '.ico': { type: 'image/x-icon', compressible: true },
  '.ttf': { type: 'font/ttf', compressible: true },
  '.otf': { type: 'font/otf', compressible: true },
  '.wasm': { type: 'application/wasm', compressible: true },
  '.gltf': { type: 'model/gltf+json', compressible: true },
  '.glb': { type: 'model/gltf-binary', compressible: false },
  '.png': { type: 'image/png', compressible: false },
  '.jpg': { type: 'image/jpeg', compressible: false },
  '.jpeg': { type: 'image/jpeg', compressible: false },
  '.gif': { type: 'image/gif', compressible: false },
  '.webp': { type: 'image/webp', compressible: false },
  '.avif': { type: 'image/avif', compressible: false },
  '.woff': { type: 'font/woff', compressible: false },
  '.woff2': { type: 'font/woff2', compressible: false },
  '.pdf': { type: 'application/pdf', compressible: false },
};
const UNKNOWN: FileType = { type: 'application/octet-stream', compressible: false };

export function fileType(file: string): FileType {
  return TYPES[path.extname(file).toLowerCase()] ?? UNKNOWN;
}

/** Whether Accept-Encoding allows `coding` (a q of 0 refuses it; `*` stands for the unnamed). */
export function acceptsEncoding(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim().toLowerCase() === 'q') q = Number.parseFloat(v ?? '');
    }
    const ok = Number.isFinite(q) && q > 0;
    if (name === coding) return ok;
    if (name === '*') wildcard = ok;
  }
  return wildcard ?? false;
}

const SIBLINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

async function statFile(file: string): Promise<Stats | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

function etagOf(info: Stats, encoding: string | null): string {
  return `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

function notModified(request: FastifyRequest, etag: string, info: Stats): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t === etag || t === etag.slice(2);
    });
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(info.mtimeMs / 1000) * 1000 <= since;
}

/**
 * Sends `root` + `relative` (an already decoded, checked path) with `cacheControl`.
 * @returns false when there is no such file (the caller answers 404).
 */
export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  relative: string,
  opts: { cacheControl: string; compressThreshold: number },
): Promise<boolean> {
  const absolute = path.join(root, relative);
  if (!absolute.startsWith(root + path.sep)) return false;
  const original = await statFile(absolute);
  if (!original) return false;

  const { type, compressible } = fileType(absolute);
  let served = absolute;
  let info = original;
  let encoding: string | null = null;
  if (compressible) {
    const accept = request.headers['accept-encoding'];
    for (const [coding, suffix] of SIBLINGS) {
      if (!acceptsEncoding(accept, coding)) continue;
      const sibling = await statFile(absolute + suffix);
      if (sibling) {
        served = absolute + suffix;
        info = sibling;
        encoding = coding;
        break;
      }
    }
    // The answer depends on Accept-Encoding whichever variant is sent: shared caches must know.
    reply.header('vary', 'accept-encoding');
  }

  const etag = etagOf(info, encoding);
  reply
    .header('content-type', type)
    .header('cache-control', opts.cacheControl)
    .header('etag', etag)
    .header('last-modified', new Date(original.mtimeMs).toUTCString());
  if (notModified(request, etag, original)) {
    reply.code(304).send();
    return true;
  }
  if (encoding) {
    reply.header('content-encoding', encoding).header('content-length', info.size);
    reply.send(createReadStream(served));
  } else if (info.size < opts.compressThreshold) {
    reply.send(await readFile(served));
  } else {
    reply.header('content-length', info.size);
    reply.send(createReadStream(served));
  }
  return true;
}
