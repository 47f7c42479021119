// Plain data with no zod, so a page that only needs paths does not bundle the schemas.
/** Every public call, method and path, so clients and the gateway name them once. */
export const PUBLIC_API = {
  stats: { method: 'GET', path: '/api/stats' },
  checkWaitlistEmail: { method: 'POST', path: '/api/check-waitlist-email' },
  waitlist: { method: 'POST', path: '/api/waitlist' },
  verifyWaitlistOtp: { method: 'POST', path: '/api/verify-waitlist-otp' },
  vpnRequest: { method: 'POST', path: '/api/vpn-request' },
  verifyVpnOtp: { method: 'POST', path: '/api/verify-vpn-otp' },
  contact: { method: 'POST', path: '/api/contact' },
  verifyContactOtp: { method: 'POST', path: '/api/verify-contact-otp' },
  securityLog: { method: 'POST', path: '/api/security-log' },
} as const;
