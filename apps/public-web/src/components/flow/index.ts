/** Shared pieces of the code-protected public forms (see each file for its API). */
export { useCodeFlow } from './use-code-flow.js';
export { useRulesForm } from './use-rules-form.js';
export { OtpStep } from './OtpStep.js';
export { StepHeading } from './StepHeading.js';
export { FlowCard } from './FlowCard.js';
export { FORM_TEXT } from './messages.js';
export { failureToast, tooManyRequestsText } from './failure-toast.js';
export { ResendCode, type ResendOutcome } from './ResendCode.js';
export { RESEND_COOLDOWN_SECONDS, retryAfterSecondsOf } from './resend.js';
export { resendCode } from './resend-code.js';
export { CodeSentTo } from './CodeSentTo.js';
