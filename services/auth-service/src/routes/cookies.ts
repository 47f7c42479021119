/**
 * The session and login-challenge cookies: HttpOnly, SameSite=Strict,
 * scoped to the admin prefix so they never travel with public calls, and behind TLS `Secure` with
 * the `__Secure-` name prefix. Prefix and scheme are believed only from the gateway.
 */
import {
  ADMIN_CHALLENGE_COOKIE,
  ADMIN_CHALLENGE_COOKIE_SECURE,
  ADMIN_SESSION_COOKIE,
  ADMIN_SESSION_COOKIE_SECURE,
  LOGIN_CHALLENGE_TTL_SECONDS,
  REMEMBER_ME_DAYS,
} from '@tunnelscope/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** `/admin-<hex>` as the gateway serves it (ADMIN_PATH_HEX has at least 16 hex characters). */
const ADMIN_PREFIX = /^\/admin-[0-9a-fA-F]{16,128}$/;

interface CookieScope {
  path: string;
  secure: boolean;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export function cookieScope(request: FastifyRequest): CookieScope {
  if (!request.viaGateway) return { path: '/', secure: false };
  const prefix = header(request, 'x-forwarded-prefix');
  const proto = header(request, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return {
    path: prefix && ADMIN_PREFIX.test(prefix) ? prefix : '/',
    secure: proto === 'https',
  };
}

function options(scope: CookieScope, maxAgeSeconds?: number) {
  return {
    path: scope.path,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: scope.secure,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

function set(
  reply: FastifyReply,
  scope: CookieScope,
  plain: string,
  secureName: string,
  value: string,
  maxAge?: number,
) {
  reply.setCookie(scope.secure ? secureName : plain, value, options(scope, maxAge));
}

function clear(reply: FastifyReply, scope: CookieScope, plain: string, secureName: string) {
  reply.setCookie(scope.secure ? secureName : plain, '', { ...options(scope, 0), expires: new Date(0) });
}

/** Remember me: 30 days; otherwise a browser-session cookie (the server still ends it at 12 h). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  rememberMe: boolean,
) {
  const maxAge = rememberMe ? REMEMBER_ME_DAYS * 24 * 3600 : undefined;
  set(reply, cookieScope(request), ADMIN_SESSION_COOKIE, ADMIN_SESSION_COOKIE_SECURE, token, maxAge);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  clear(reply, cookieScope(request), ADMIN_SESSION_COOKIE, ADMIN_SESSION_COOKIE_SECURE);
}

export function setChallengeCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  set(
    reply,
    cookieScope(request),
    ADMIN_CHALLENGE_COOKIE,
    ADMIN_CHALLENGE_COOKIE_SECURE,
    token,
    LOGIN_CHALLENGE_TTL_SECONDS,
  );
}

export function clearChallengeCookie(request: FastifyRequest, reply: FastifyReply) {
  clear(reply, cookieScope(request), ADMIN_CHALLENGE_COOKIE, ADMIN_CHALLENGE_COOKIE_SECURE);
}

/** The challenge cookie as sent; the `__Secure-` one wins (a plain-HTTP page cannot have set it). */
export function challengeCookieOf(request: FastifyRequest): string | undefined {
  const cookies = request.cookies;
  return cookies[ADMIN_CHALLENGE_COOKIE_SECURE] ?? cookies[ADMIN_CHALLENGE_COOKIE] ?? undefined;
}
