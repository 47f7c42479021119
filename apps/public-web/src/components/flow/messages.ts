import { CONTACT_REPLY_PROMISE_HOURS, OTP_TTL_SECONDS } from '@tunnelscope/contracts';

/**
 * The toast and notice texts of the three code-protected forms, word for word as specified.
 * (Field messages are the contracts' CLIENT_MESSAGES; they are not repeated here.)
 */
export const FORM_TEXT = {
  codeSentTitle: 'Verification code sent!',
  /** The toast of a "Resend code": the spec's other code-sent title. */
  codeResentTitle: 'Email sent',
  errorTitle: 'Error',
  waitlist: {
    joinFailed: 'Failed to join waitlist',
    verifyFailedTitle: 'Verification failed',
    verifyFailed: 'Invalid verification code',
    joined: "You've been added to our waitlist.",
    expiry: `⏰ Expires in ${OTP_TTL_SECONDS / 60} minutes`,
  },
  vpn: {
    submitFailed: 'Failed to submit VPN request. Please try again.',
    verifyFailed: 'Invalid or expired verification code.',
    verified: 'Email verified successfully!',
    copied: 'Copied to clipboard',
  },
  contact: {
    submitFailed: 'Failed to submit contact form. Please try again.',
    verifyFailed: 'Invalid or expired verification code.',
    consentMissing: 'You must agree to data processing to send your message.',
    sent: 'Message sent successfully!',
    replyPromise: `We'll get back to you within ${CONTACT_REPLY_PROMISE_HOURS} hours.`,
  },
} as const;
