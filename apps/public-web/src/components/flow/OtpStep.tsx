import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { OTP_LENGTH, validateOtpCode } from '@tunnelscope/contracts';
import { OneTimeCodeInput } from '@tunnelscope/web-ui';
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ResendCode, type ResendOutcome } from './ResendCode.js';
import { StepHeading } from './StepHeading.js';

/**
 * The code step shared by the waitlist, VPN request and contact pages: a heading, a line about
 * where the code went, the six-digit OneTimeCodeInput, the verify button and an optional way back
 * to the form. The code entry does not take focus on arrival: useCodeFlow focuses the step's
 * heading so screen readers announce the step, and the code entry is the next Tab stop.
 *
 *   <OtpStep
 *     title="Email Verification" verifyLabel="Verify Code"
 *     description={<>We sent a 6-digit code to <b>{email}</b>.</>}
 *     code={flow.code} onCodeChange={flow.setCode} headingRef={flow.headingRef}
 *     verifying={verify.isPending} onVerify={(code) => …}
 *     onBack={flow.backToForm} backLabel="Back to form" backAs="button"
 *     autoSubmitDelayMs={UI_TIMINGS.waitlistAutoSubmitDelayMs}   // optional
 *     onResend={() => resendCode({ … })}                           // optional: "Resend code"
 *   >notes shown under the button</OtpStep>
 *
 * - onVerify is called with a code that passed validateOtpCode (its message shows otherwise).
 * - autoSubmitDelayMs: when set, filling the last slot calls onVerify after that delay (cancelled
 *   if the code changes first).
 * - onResend: a "Resend code" link under the buttons, with its cooldown countdown (ResendCode).
 * - When the page clears the code (flow.resetCode() after a refusal), focus returns to the first
 *   slot so the visitor can type the new one at once.
 */
export interface OtpStepProps {
  title: string;
  description?: ReactNode;
  code: string;
  onCodeChange(code: string): void;
  onVerify(code: string): void;
  verifying: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Default 'Verify Code'. */
  verifyLabel?: string;
  /** Default 'Verifying...'. */
  verifyingLabel?: string;
  autoSubmitDelayMs?: number;
  onBack?(): void;
  /** Default 'Back to form'. */
  backLabel?: string;
  /** A secondary button (default) or a text link. */
  backAs?: 'button' | 'link';
  /** Sends the same submission again for a new code (see resendCode); shows "Resend code". */
  onResend?(): Promise<ResendOutcome>;
  /** Notes under the buttons (expiry, who gets e-mails …). */
  children?: ReactNode;
}

export function OtpStep({
  title,
  description,
  code,
  onCodeChange,
  onVerify,
  verifying,
  headingRef,
  verifyLabel = 'Verify Code',
  verifyingLabel = 'Verifying...',
  autoSubmitDelayMs,
  onBack,
  backLabel = 'Back to form',
  backAs = 'button',
  onResend,
  children,
}: OtpStepProps) {
  const [error, setError] = useState<string | undefined>();
  const entryRef = useRef<HTMLDivElement>(null);
  const autoSubmit = useRef<number | undefined>(undefined);
  const previousCode = useRef(code);

  const verify = (value: string) => {
    if (verifying) return;
    const problem = validateOtpCode(value) ?? undefined;
    setError(problem);
    if (problem) {
      const slots = [...(entryRef.current?.querySelectorAll<HTMLInputElement>('input') ?? [])];
      (slots.find((slot) => slot.value === '') ?? slots[0])?.focus();
      return;
    }
    onVerify(value);
  };

  useEffect(() => {
    const cleared = previousCode.current !== '' && code === '';
    previousCode.current = code;
    if (code.length < OTP_LENGTH) window.clearTimeout(autoSubmit.current);
    if (cleared) entryRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [code]);
  useEffect(() => () => window.clearTimeout(autoSubmit.current), []);

  const handleChange = (value: string) => {
    if (error) setError(undefined);
    onCodeChange(value);
  };

  const handleComplete = (value: string) => {
    if (autoSubmitDelayMs === undefined) return;
    window.clearTimeout(autoSubmit.current);
    autoSubmit.current = window.setTimeout(() => verify(value), autoSubmitDelayMs);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.clearTimeout(autoSubmit.current);
    verify(code);
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <StepHeading ref={headingRef}>{title}</StepHeading>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      <form onSubmit={handleSubmit} noValidate aria-busy={verifying || undefined}>
        <Stack gap="lg">
          <div ref={entryRef}>
            <OneTimeCodeInput
              value={code}
              onChange={handleChange}
              onComplete={handleComplete}
              error={error}
            />
          </div>
          <Group gap="sm" wrap="wrap">
            <Button
              type="submit"
              data-disabled={verifying || undefined}
              aria-disabled={verifying || undefined}
              w={{ base: '100%', xs: 'auto' }}
            >
              {verifying ? verifyingLabel : verifyLabel}
            </Button>
            {onBack && backAs === 'button' && (
              <Button type="button" variant="default" onClick={onBack} w={{ base: '100%', xs: 'auto' }}>
                {backLabel}
              </Button>
            )}
          </Group>
          {onBack && backAs === 'link' && (
            <Anchor component="button" type="button" onClick={onBack} size="sm" ta="left">
              {backLabel}
            </Anchor>
          )}
          {onResend && <ResendCode onResend={onResend} disabled={verifying} />}
          {children}
        </Stack>
      </form>
    </Stack>
  );
}
