/**
 * The calls of the public forms (the waitlist, VPN request and contact pages and the security
 * demo), each answer parsed with its schema from @tunnelscope/contracts. Only the lazily loaded
 * pages import this module, so zod stays out of the home route's initial chunk.
 */
import { useMutation } from '@tanstack/react-query';
import {
  checkWaitlistEmailResponseSchema,
  errorResponseSchema,
  MAX_LENGTHS,
  PUBLIC_API,
  submitResponseSchema,
  verifyResponseSchema,
  verifyVpnResponseSchema,
  type CheckWaitlistEmailRequest,
  type ContactRequest,
  type SecurityLogRequest,
  type VerifyOtpRequest,
  type VpnRequest,
  type WaitlistRequest,
} from '@tunnelscope/contracts';
import { ApiError, postJson } from './http.js';

export const useCheckWaitlistEmail = () =>
  useMutation({
    mutationFn: (body: CheckWaitlistEmailRequest) =>
      postJson(PUBLIC_API.checkWaitlistEmail.path, body, checkWaitlistEmailResponseSchema),
  });
export const useJoinWaitlist = () =>
  useMutation({
    mutationFn: (body: WaitlistRequest) => postJson(PUBLIC_API.waitlist.path, body, submitResponseSchema),
  });
export const useVerifyWaitlistOtp = () =>
  useMutation({
    mutationFn: (body: VerifyOtpRequest) =>
      postJson(PUBLIC_API.verifyWaitlistOtp.path, body, verifyResponseSchema),
  });
export const useSubmitVpnRequest = () =>
  useMutation({
    mutationFn: (body: VpnRequest) => postJson(PUBLIC_API.vpnRequest.path, body, submitResponseSchema),
  });
export const useVerifyVpnOtp = () =>
  useMutation({
    mutationFn: (body: VerifyOtpRequest) =>
      postJson(PUBLIC_API.verifyVpnOtp.path, body, verifyVpnResponseSchema),
  });
export const useSubmitContact = () =>
  useMutation({
    mutationFn: (body: ContactRequest) => postJson(PUBLIC_API.contact.path, body, submitResponseSchema),
  });
export const useVerifyContactOtp = () =>
  useMutation({
    mutationFn: (body: VerifyOtpRequest) =>
      postJson(PUBLIC_API.verifyContactOtp.path, body, verifyResponseSchema),
  });

/**
 * The `message` of the server's error answer when the call was refused with one, else `fallback`
 * (the spec's text). A network failure or an answer of the wrong shape gets the fallback too.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const refusal = errorResponseSchema.safeParse(error.body);
  return refusal.success && refusal.data.message ? refusal.data.message : fallback;
}

/**
 * Fire and forget: a failure to log must never disturb the visitor. The user agent and address are
 * cut to the lengths the server accepts, so a long one does not cost the event.
 */
export function logSecurityEvent(type: string, details: unknown): void {
  const event: SecurityLogRequest = {
    type,
    details,
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent.slice(0, 512),
    url: window.location.href.slice(0, MAX_LENGTHS.url),
  };
  postJson(PUBLIC_API.securityLog.path, event).catch(() => undefined);
}
