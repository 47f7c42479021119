import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The steps every code-protected public form walks through: form -> otp (the server answered a
 * requestId) -> success (the code verified); back to the form is allowed from otp. A page may add
 * steps of its own (the waitlist's 'already-registered') through the type parameter.
 *
 *   const flow = useCodeFlow<'already-registered'>();
 *   // submit answered { requestId }:      flow.startVerification(requestId)
 *   // the code was refused:               flow.resetCode()
 *   // the code verified:                  flow.goTo('success')
 *   // every step's heading:               <StepHeading ref={flow.headingRef}>…</StepHeading>
 *
 * When the step changes, focus moves to the new step's heading (attach `headingRef` to it), so a
 * screen reader announces where the visitor is and Tab continues from the top of the new step.
 */
export type CodeFlowStep = 'form' | 'otp' | 'success';

export interface CodeFlow<S extends string = CodeFlowStep> {
  step: S;
  /** The server's requestId from the submit; null before it (and after backToForm). */
  requestId: string | null;
  /** The digits typed in the code entry. */
  code: string;
  setCode(code: string): void;
  /** form -> otp with the submit's requestId; any previous code is cleared. */
  startVerification(requestId: string): void;
  /** otp -> form; the page keeps its form values, the requestId and code are dropped. */
  backToForm(): void;
  /** Any other transition ('success', or a page's own step). */
  goTo(step: S): void;
  /** Clears the code after a refused verification, so a fresh one is typed. */
  resetCode(): void;
  /** Give it to the heading of whichever step is showing (tabIndex -1, e.g. StepHeading). */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

export function useCodeFlow<Extra extends string = never>(): CodeFlow<CodeFlowStep | Extra> {
  type Step = CodeFlowStep | Extra;
  const [step, setStep] = useState<Step>('form');
  const [requestId, setRequestId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const shownStep = useRef<Step>(step);

  useEffect(() => {
    // Only on a change of step, not on arrival (nor on StrictMode's second mount effect): the page's
    // own order applies then, and the skip link works.
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const startVerification = useCallback((id: string) => {
    setRequestId(id);
    setCode('');
    setStep('otp');
  }, []);
  const backToForm = useCallback(() => {
    setRequestId(null);
    setCode('');
    setStep('form');
  }, []);
  const resetCode = useCallback(() => setCode(''), []);

  return {
    step,
    requestId,
    code,
    setCode,
    startVerification,
    backToForm,
    goTo: setStep,
    resetCode,
    headingRef,
  };
}
