import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PinInput.css';
import { Button, Container, Select, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconUserCheck } from '@tabler/icons-react';
import {
  UI_TIMINGS,
  WAITLIST_USE_CASES,
  validateWaitlistForm,
  type UseCase,
  type WaitlistRequest,
} from '@tunnelscope/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCheckWaitlistEmail, useJoinWaitlist, useVerifyWaitlistOtp } from '../../api/forms.js';
import { ApiError } from '../../api/http.js';
import {
  CodeSentTo,
  FlowCard,
  FORM_TEXT,
  failureToast,
  OtpStep,
  resendCode,
  StepHeading,
  useCodeFlow,
  useRulesForm,
} from '../../components/flow/index.js';
import { toast } from '../../components/toast/toast.js';
import { runtimeConfig } from '../../runtime-config.js';

/** Readable labels of the use cases, which the server stores by key. */
const USE_CASE_LABELS: Record<UseCase, string> = {
  'fraud-prevention': 'Fraud prevention',
  'security-monitoring': 'Security monitoring',
  'content-protection': 'Content protection',
  compliance: 'Compliance (KYC/AML)',
  analytics: 'Analytics',
  research: 'Research',
  other: 'Other',
};
const USE_CASE_OPTIONS = WAITLIST_USE_CASES.map((value) => ({ value, label: USE_CASE_LABELS[value] }));

const EMPTY_FORM: { email: string; company: string; useCase: UseCase | null } = {
  email: '',
  company: '',
  useCase: null,
};

export default function WaitlistPage() {
  const brand = runtimeConfig.brandName;
  const flow = useCodeFlow<'already-registered'>();
  const form = useRulesForm(EMPTY_FORM, validateWaitlistForm);
  const [email, setEmail] = useState('');
  // What was joined with, so "Resend code" sends the same submission (the server reissues its code).
  const [joined, setJoined] = useState<WaitlistRequest | null>(null);
  const checkEmail = useCheckWaitlistEmail();
  const join = useJoinWaitlist();
  const verify = useVerifyWaitlistOtp();
  const busy = checkEmail.isPending || join.isPending;

  const handleSubmit = async (values: Record<keyof typeof EMPTY_FORM, string>) => {
    if (busy) return;
    setEmail(values.email);

    // The check comes first: an address that is already verified goes straight to 'already registered'.
    try {
      const status = await checkEmail.mutateAsync({ email: values.email });
      if (status.exists && status.isVerified) {
        flow.goTo('already-registered');
        return;
      }
    } catch (error) {
      failureToast(FORM_TEXT.errorTitle, error, FORM_TEXT.waitlist.joinFailed);
      return;
    }

    const request: WaitlistRequest = {
      email: values.email,
      company: values.company || null,
      useCase: values.useCase || null,
    };
    try {
      const answer = await join.mutateAsync(request);
      setJoined(request);
      toast(FORM_TEXT.codeSentTitle, `Check ${values.email} for your 6-digit code.`, 'success');
      flow.startVerification(answer.requestId);
    } catch (error) {
      // Verified meanwhile (the server's 409): the visitor is a member already.
      if (error instanceof ApiError && error.status === 409) {
        flow.goTo('already-registered');
        return;
      }
      failureToast(FORM_TEXT.errorTitle, error, FORM_TEXT.waitlist.joinFailed);
    }
  };

  const handleResend = () =>
    resendCode({
      send: () => (joined ? join.mutateAsync(joined) : Promise.reject(new Error('nothing was joined'))),
      email,
      failureTitle: FORM_TEXT.errorTitle,
      failureFallback: FORM_TEXT.waitlist.joinFailed,
      onCodeSent: flow.startVerification,
    });

  const handleVerify = (code: string) => {
    if (!flow.requestId) return;
    verify.mutate(
      { requestId: flow.requestId, otpCode: code },
      {
        onSuccess: () => {
          toast(FORM_TEXT.waitlist.joined, `We'll write to ${email} as soon as ${brand} opens.`, 'success');
          flow.goTo('success');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            flow.goTo('already-registered');
            return;
          }
          failureToast(FORM_TEXT.waitlist.verifyFailedTitle, error, FORM_TEXT.waitlist.verifyFailed);
          flow.resetCode();
        },
      },
    );
  };

  const startOver = () => {
    form.reset();
    flow.backToForm();
  };

  return (
    <Container size={560} px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <FlowCard>
        {flow.step === 'form' && (
          <Stack gap="lg">
            <Stack gap="xs">
              <StepHeading ref={flow.headingRef}>Join the Waitlist</StepHeading>
              <Text c="dimmed">
                Be among the first to use the {brand} VPN, Tor and proxy detection API. We will send a 6-digit
                code to confirm your email address.
              </Text>
            </Stack>
            <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-busy={busy || undefined}>
              <Stack gap="md">
                <TextInput
                  label="Email Address"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  required
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label="Company (Optional)"
                  autoComplete="organization"
                  placeholder="Your company"
                  {...form.getInputProps('company')}
                />
                <Select
                  label="Use Case"
                  placeholder="Select your primary use case"
                  data={USE_CASE_OPTIONS}
                  {...form.getInputProps('useCase')}
                  clearable
                  allowDeselect
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  type="submit"
                  fullWidth
                  size="md"
                  mt="xs"
                  data-disabled={busy || undefined}
                  aria-disabled={busy || undefined}
                >
                  {busy ? 'Joining...' : 'Join Waitlist'}
                </Button>
              </Stack>
            </form>
          </Stack>
        )}

        {flow.step === 'otp' && (
          <OtpStep
            title="Check Your Email"
            description={
              <CodeSentTo email={email} then="Enter it below to confirm your place on the waitlist." />
            }
            code={flow.code}
            onCodeChange={flow.setCode}
            headingRef={flow.headingRef}
            verifying={verify.isPending}
            onVerify={handleVerify}
            verifyLabel="Verify Code"
            autoSubmitDelayMs={UI_TIMINGS.waitlistAutoSubmitDelayMs}
            onBack={flow.backToForm}
            backLabel="Back to form"
            onResend={handleResend}
          >
            <Stack gap={4}>
              <Text size="sm">{FORM_TEXT.waitlist.expiry}</Text>
              <Text size="sm" c="dimmed">
                Verification emails are only sent to addresses that are not registered yet. No email? Check
                your spam folder, or go back and check the address.
              </Text>
            </Stack>
          </OtpStep>
        )}

        {flow.step === 'success' && (
          <Stack gap="md" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={36} />
            </ThemeIcon>
            <StepHeading ref={flow.headingRef}>Welcome to {brand}!</StepHeading>
            <Text c="dimmed">
              Your email is verified and you are on the waitlist. We will let you know at {email} as soon as
              your access is ready.
            </Text>
            <Button component={Link} to="/" mt="sm">
              Back to Home
            </Button>
          </Stack>
        )}

        {flow.step === 'already-registered' && (
          <Stack gap="md" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" color="blue" variant="light" aria-hidden>
              <IconUserCheck size={36} />
            </ThemeIcon>
            <StepHeading ref={flow.headingRef}>You&apos;re already registered!</StepHeading>
            <Text c="dimmed">
              The email address {email} is already on our waitlist. There is nothing more to do: we will be in
              touch as soon as {brand} launches.
            </Text>
            <Stack gap="xs" w={{ base: '100%', xs: 'auto' }}>
              <Button component={Link} to="/">
                Back to Home
              </Button>
              <Button variant="subtle" onClick={startOver}>
                Use a different email
              </Button>
            </Stack>
          </Stack>
        )}
      </FlowCard>
    </Container>
  );
}
