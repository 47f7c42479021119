/**
 * GET/HEAD of every path that is not an API call: a file of the SPA's dist folder when the last
 * segment names one, else the SPA's index page (200 for its routes, 404 for anything else).
 */
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOT_SEGMENT } from '../routes/route-table.js';
import type { Page, SitePages } from './pages.js';
import { sendStaticFile } from './static-files.js';

/** Vite puts content-hashed files under `assets/`: their URL changes whenever their bytes do. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else is revalidated (ETag / Last-Modified) on every use. */
export const REVALIDATE = 'no-cache';
/** Smaller bodies are not worth compressing (@fastify/compress uses the same bound for buffers). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export interface SiteRoots {
  publicDist: string;
  adminDist: string;
}

/** A path whose last segment looks like a file name (`/assets/app-1a2b.js`, `/favicon.ico`). */
function namesFile(urlPath: string): boolean {
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return last.includes('.');
}

function decodePath(urlPath: string): string | null {
  try {
    const decoded = decodeURIComponent(urlPath);
    if (decoded.includes('\0') || DOT_SEGMENT.test(decoded) || decoded.includes('/.')) return null;
    // `index.html` is only ever served with the runtime settings in it, never as a raw file.
    if (path.posix.basename(decoded).toLowerCase() === 'index.html') return null;
    return decoded;
  } catch {
    return null;
  }
}

export function createSiteHandler(pages: SitePages, roots: SiteRoots) {
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: 200 | 404) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', REVALIDATE);
    if (status === 200) {
      reply.header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    return reply.code(status).send(page.body);
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, pages.publicNotFound, 404);

  const sendFile = async (request: FastifyRequest, reply: FastifyReply, root: string, urlPath: string) => {
    const relative = decodePath(urlPath);
    if (relative === null) return notFound(request, reply);
    const sent = await sendStaticFile(request, reply, root, relative, {
      cacheControl: relative.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      compressThreshold: COMPRESS_THRESHOLD_BYTES,
    });
    return sent ? reply : notFound(request, reply);
  };

  const publicRoot = path.resolve(roots.publicDist);
  const adminRoot = path.resolve(roots.adminDist);

  return {
    notFound,
    async admin(request: FastifyRequest, reply: FastifyReply, subPath: string) {
      if (namesFile(subPath)) return sendFile(request, reply, adminRoot, subPath);
      return sendPage(request, reply, pages.adminIndex, 200);
    },
    async public(request: FastifyRequest, reply: FastifyReply, urlPath: string, known: boolean) {
      if (!known && namesFile(urlPath)) return sendFile(request, reply, publicRoot, urlPath);
      return known ? sendPage(request, reply, pages.publicIndex, 200) : notFound(request, reply);
    },
  };
}
