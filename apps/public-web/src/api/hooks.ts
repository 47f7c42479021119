import { useMutation, useQuery } from '@tanstack/react-query';
import {
  PUBLIC_API,
  STATS_FALLBACK,
  type CheckWaitlistEmailRequest,
  type CheckWaitlistEmailResponse,
  type ContactRequest,
  type SecurityLogRequest,
  type StatsResponse,
  type SubmitResponse,
  type VerifyOtpRequest,
  type VerifyResponse,
  type VerifyVpnResponse,
  type VpnRequest,
  type WaitlistRequest,
} from '@tunnelscope/contracts';
import { getJson, sendJson } from './http.js';

export const queryKeys = {
  stats: ['/api', 'stats'] as const,
};

/** Home-page stats; any failure shows the spec's fallbacks. */
export function useStats() {
  const query = useQuery({
    queryKey: queryKeys.stats,
    queryFn: () => getJson<StatsResponse>(queryKeys.stats),
  });
  return { ...query, stats: query.data ?? STATS_FALLBACK };
}

const post =
  <Req, Res>(path: string) =>
  (body: Req) =>
    sendJson<Res>('POST', path, body);

export const useCheckWaitlistEmail = () =>
  useMutation({
    mutationFn: post<CheckWaitlistEmailRequest, CheckWaitlistEmailResponse>(
      PUBLIC_API.checkWaitlistEmail.path,
    ),
  });
export const useJoinWaitlist = () =>
  useMutation({ mutationFn: post<WaitlistRequest, SubmitResponse>(PUBLIC_API.waitlist.path) });
export const useVerifyWaitlistOtp = () =>
  useMutation({ mutationFn: post<VerifyOtpRequest, VerifyResponse>(PUBLIC_API.verifyWaitlistOtp.path) });
export const useSubmitVpnRequest = () =>
  useMutation({ mutationFn: post<VpnRequest, SubmitResponse>(PUBLIC_API.vpnRequest.path) });
export const useVerifyVpnOtp = () =>
  useMutation({ mutationFn: post<VerifyOtpRequest, VerifyVpnResponse>(PUBLIC_API.verifyVpnOtp.path) });
export const useSubmitContact = () =>
  useMutation({ mutationFn: post<ContactRequest, SubmitResponse>(PUBLIC_API.contact.path) });
export const useVerifyContactOtp = () =>
  useMutation({ mutationFn: post<VerifyOtpRequest, VerifyResponse>(PUBLIC_API.verifyContactOtp.path) });

/** Fire and forget (public §7): a failure to log must never disturb the visitor. */
export function logSecurityEvent(type: string, details: unknown): void {
  const event: SecurityLogRequest = {
    type,
    details,
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent.slice(0, 512),
    url: window.location.href.slice(0, 2048),
  };
  void sendJson('POST', PUBLIC_API.securityLog.path, event).catch(() => undefined);
}
