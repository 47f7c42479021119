/** Shared pieces of the code-protected public forms (see each file for its API). */
export { useCodeFlow, type CodeFlow, type CodeFlowStep } from './use-code-flow.js';
export { useValidatedForm, type ValidatedForm } from './use-validated-form.js';
export { OtpStep, type OtpStepProps } from './OtpStep.js';
export { StepHeading } from './StepHeading.js';
export { FlowCard } from './FlowCard.js';
export { FORM_TEXT } from './messages.js';
export { failureToast } from './failure-toast.js';
export { CodeSentTo } from './CodeSentTo.js';
