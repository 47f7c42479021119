/**
 * GET/HEAD of every path that is not an API call: `robots.txt` and `sitemap.xml` (built at
 * start-up), a file of the SPA's dist folder when the last segment names one, else the route's
 * prerendered page (200) or the 404 page (404 for anything else).
 * Files go out through @fastify/static: content type, ETag and Last-Modified (304 on
 * revalidation), and the `.br` / `.gz` sibling the build wrote, chosen by Accept-Encoding. A file
 * without one is compressed on the fly by @fastify/compress when it is large enough.
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '@tunnelscope/service-kit';
import { DOT_SEGMENT } from '../routes/route-table.js';
import type { Page, SitePages } from './pages.js';

/** Content-hashed files: their URL changes whenever their bytes do. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else is revalidated (ETag / Last-Modified) on every use. */
export const REVALIDATE = 'no-cache';
/**
 * The admin panel's page is never stored (issue 13 item 6): a shared or back-button copy must not
 * outlive a sign-out. Its hashed assets stay immutable: they hold no data.
 */
export const NEVER_STORE = 'no-store';
/** Smaller bodies are not worth compressing (@fastify/compress's own bound, for buffers). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Vite writes `assets/<name>-<hash>.<ext>` (the hash is 8 characters of base64url). */
const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{6,}(?:\.[A-Za-z0-9]+)+$/;

export interface SiteRoots {
  publicDist: string;
  adminDist: string;
}

/** A path whose last segment looks like a file name (`/assets/app-1a2b.js`, `/favicon.ico`). */
function namesFile(urlPath: string): boolean {
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return last.includes('.');
}

/** The decoded path of a file the site may serve, or null (the caller answers with the 404 page). */
function decodePath(urlPath: string): string | null {
  try {
    const decoded = decodeURIComponent(urlPath);
    // NUL, dot segments, dotfiles and empty segments: no file of a build is named so.
    if (decoded.includes('\0') || DOT_SEGMENT.test(decoded) || decoded.includes('/.')) return null;
    if (decoded.includes('//')) return null;
    // `index.html` is only ever served with the runtime settings in it, never as a raw file.
    if (path.posix.basename(decoded).toLowerCase() === 'index.html') return null;
    return decoded;
  } catch {
    return null;
  }
}

/**
 * Sets up the site in `scope` and returns its handlers. `scope` must be a plugin context with a
 * prefix of its own: only there may a not-found handler be set, and @fastify/static calls it for a
 * file that does not exist, which gets the public 404 page.
 */
export async function createSite(scope: FastifyInstance, pages: SitePages, roots: SiteRoots) {
  // No routes of its own (the route table decides which paths are files): `reply.sendFile` only.
  await scope.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    index: false,
    dotfiles: 'ignore',
    // Set per file below, before sending.
    cacheControl: false,
    // Whole files only, as the SPAs load them.
    acceptRanges: false,
  });

  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Page,
    status: 200 | 404,
    cacheControl: string = REVALIDATE,
    contentType = 'text/html; charset=utf-8',
  ) => {
    reply.header('content-type', contentType).header('cache-control', cacheControl);
    if (status === 200) {
      reply.header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    return reply.code(status).send(page.body);
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, pages.publicNotFound, 404);
  // Also what a method the catch-all route does not take (PROPFIND, LOCK…) gets: JSON, as any
  // non-GET call to a page.
  scope.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return notFound(request, reply);
    const urlPath = request.url.split('?', 1)[0]!;
    return reply
      .code(404)
      .send(errorBody('NOT_FOUND', `Route ${request.method} ${urlPath} not found`, request.id));
  });

  const sendFile = (request: FastifyRequest, reply: FastifyReply, root: string, urlPath: string) => {
    const relative = decodePath(urlPath);
    if (relative === null) return notFound(request, reply);
    // A missing file reaches `notFound`, which sets its own.
    reply.header('cache-control', HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE);
    return reply.sendFile(relative, root);
  };

  const publicRoot = path.resolve(roots.publicDist);
  const adminRoot = path.resolve(roots.adminDist);

  return {
    notFound,
    admin(request: FastifyRequest, reply: FastifyReply, subPath: string) {
      if (namesFile(subPath)) return sendFile(request, reply, adminRoot, subPath);
      return sendPage(request, reply, pages.adminIndex, 200, NEVER_STORE);
    },
    public(request: FastifyRequest, reply: FastifyReply, urlPath: string, known: boolean) {
      // Built at start-up with absolute URLs from PUBLIC_ORIGIN (seo-files.ts), never files of the build.
      if (urlPath === '/robots.txt')
        return sendPage(request, reply, pages.robotsTxt, 200, REVALIDATE, 'text/plain; charset=utf-8');
      if (urlPath === '/sitemap.xml')
        return sendPage(request, reply, pages.sitemapXml, 200, REVALIDATE, 'application/xml; charset=utf-8');
      if (!known && namesFile(urlPath)) return sendFile(request, reply, publicRoot, urlPath);
      if (!known) return notFound(request, reply);
      // Each route's own prerendered page (`/waitlist/` is `/waitlist`), else the SPA's index.
      const route = urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
      return sendPage(request, reply, pages.publicRoutes.get(route) ?? pages.publicIndex, 200);
    },
    /**
     * The site route's `onSend`, for files (pages and errors pass through untouched):
     * - @fastify/send's type table still names JavaScript `application/javascript`; RFC 9239 made
     *   `text/javascript` the one to send.
     * - @fastify/compress weighs only buffers against its threshold and compresses every stream,
     *   so a small file goes as a buffer, and a 304 (whose body is an empty stream) as no body.
     */
    async finishFile(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      if (!(payload instanceof Readable)) return payload;
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/javascript'))
        reply.header('content-type', type.replace('application/javascript', 'text/javascript'));
      if (reply.statusCode === 304) {
        payload.destroy();
        return null;
      }
      if (reply.getHeader('content-encoding') !== undefined) return payload;
      const length = Number(reply.getHeader('content-length'));
      return length < COMPRESS_THRESHOLD_BYTES ? buffer(payload) : payload;
    },
  };
}
