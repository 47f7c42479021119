import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PinInput.css';
import { Button, Code, Container, Group, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import {
  OTP_TTL_SECONDS,
  PLAY_STORE_PREFIX,
  UI_TIMINGS,
  validateVpnRequestForm,
} from '@tunnelscope/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSubmitVpnRequest, useVerifyVpnOtp } from '../../api/forms.js';
import {
  CodeSentTo,
  failureToast,
  FlowCard,
  FORM_TEXT,
  OtpStep,
  resendCode,
  StepHeading,
  useCodeFlow,
  useRulesForm,
} from '../../components/flow/index.js';
import { toast } from '../../components/toast/toast.js';
import { copyText } from './copy-text.js';

type VpnField = 'vpnName' | 'playstoreLink' | 'userEmail' | 'additionalInfo';
const EMPTY_FORM: Record<VpnField, string> = {
  vpnName: '',
  playstoreLink: '',
  userEmail: '',
  additionalInfo: '',
};

function RequestNumber({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  const copiedTimer = useTimeout(() => setCopied(false), UI_TIMINGS.copyConfirmationMs);

  const copy = async () => {
    if (!(await copyText(value))) {
      toast('Copy failed', 'Select the request number and copy it yourself.', 'error');
      return;
    }
    setCopied(true);
    toast(FORM_TEXT.vpn.copied, value, 'success');
    copiedTimer.clear();
    copiedTimer.start();
  };

  return (
    <Stack gap={6} align="center" w="100%">
      <Text size="sm" c="dimmed">
        Your request number
      </Text>
      <Group gap="xs" justify="center" wrap="wrap">
        <Code fz="lg" px="md" py={6} style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
        <Button
          variant={copied ? 'light' : 'default'}
          color={copied ? 'teal' : undefined}
          size="sm"
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={() => void copy()}
          aria-label={copied ? 'Copied' : 'Copy request number'}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Group>
    </Stack>
  );
}

export default function VpnRequestPage() {
  const flow = useCodeFlow();
  const form = useRulesForm(EMPTY_FORM, validateVpnRequestForm);
  const [email, setEmail] = useState('');
  // What was sent, so "Resend code" sends the same submission (the server reissues its code).
  const [sentValues, setSentValues] = useState<Record<keyof typeof EMPTY_FORM, string> | null>(null);
  const submit = useSubmitVpnRequest();
  const verify = useVerifyVpnOtp();

  const everyFieldFilled = Object.values(form.values).every((value) => value.trim() !== '');
  const canSubmit = everyFieldFilled && form.isValid();

  const handleSubmit = async (values: Record<keyof typeof EMPTY_FORM, string>) => {
    if (submit.isPending || !canSubmit) return;
    try {
      const answer = await submit.mutateAsync(values);
      setEmail(values.userEmail);
      setSentValues(values);
      toast(FORM_TEXT.codeSentTitle, `Check ${values.userEmail} for your 6-digit code.`, 'success');
      flow.startVerification(answer.requestId);
    } catch (error) {
      failureToast(FORM_TEXT.vpn.submitFailed, error);
    }
  };

  const handleResend = () =>
    resendCode({
      send: () =>
        sentValues ? submit.mutateAsync(sentValues) : Promise.reject(new Error('nothing was sent')),
      email,
      failureTitle: FORM_TEXT.vpn.submitFailed,
      onCodeSent: flow.startVerification,
    });

  const handleVerify = (code: string) => {
    if (!flow.requestId) return;
    verify.mutate(
      { requestId: flow.requestId, otpCode: code },
      {
        onSuccess: (answer) => {
          toast(FORM_TEXT.vpn.verified, `Your request number is ${answer.requestNumber}.`, 'success');
          flow.goTo('success');
        },
        onError: (error) => {
          failureToast(FORM_TEXT.vpn.verifyFailed, error);
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
    <Container size={640} px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <FlowCard>
        {flow.step === 'form' && (
          <Stack gap="lg">
            <Stack gap="xs">
              <StepHeading ref={flow.headingRef}>Request VPN Detection</StepHeading>
              <Text c="dimmed">
                Missing a VPN app in our coverage? Tell us which one: our team analyses it, adds its exit
                infrastructure to the detection database and lets you know when it is covered.
              </Text>
            </Stack>
            <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-busy={submit.isPending || undefined}>
              <Stack gap="md">
                <TextInput
                  label="VPN Application Name"
                  placeholder="e.g. Turbo VPN"
                  autoComplete="off"
                  required
                  {...form.getInputProps('vpnName')}
                />
                <TextInput
                  label="Google Play Store Link"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder={`${PLAY_STORE_PREFIX}apps/details?id=…`}
                  description={`Must start with ${PLAY_STORE_PREFIX}`}
                  required
                  {...form.getInputProps('playstoreLink')}
                />
                <TextInput
                  label="Your Email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  required
                  {...form.getInputProps('userEmail')}
                />
                <Textarea
                  label="Additional Information"
                  placeholder="Which versions or regions matter to you, and what you have seen so far"
                  rows={5}
                  resize="vertical"
                  required
                  {...form.getInputProps('additionalInfo')}
                />
                <Button
                  type="submit"
                  size="md"
                  fullWidth
                  mt="xs"
                  disabled={!canSubmit}
                  data-disabled={submit.isPending || undefined}
                  aria-disabled={submit.isPending || undefined}
                >
                  {submit.isPending ? 'Submitting...' : 'Submit Request'}
                </Button>
                <Text size="xs" c="dimmed" ta="center">
                  All fields are required. We send a 6-digit code to your email to confirm the request.
                </Text>
              </Stack>
            </form>
          </Stack>
        )}

        {flow.step === 'otp' && (
          <OtpStep
            title="Email Verification"
            description={<CodeSentTo email={email} then="Enter it below to submit your request." />}
            code={flow.code}
            onCodeChange={flow.setCode}
            headingRef={flow.headingRef}
            verifying={verify.isPending}
            onVerify={handleVerify}
            verifyLabel="Verify Code"
            onBack={flow.backToForm}
            backLabel="Back to form"
            onResend={handleResend}
          >
            <Text size="sm" c="dimmed">
              The code expires in {OTP_TTL_SECONDS / 60} minutes. No email? Check your spam folder, or go back
              and submit the form again for a new code.
            </Text>
          </OtpStep>
        )}

        {flow.step === 'success' && (
          <Stack gap="md" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={36} />
            </ThemeIcon>
            <StepHeading ref={flow.headingRef}>Request Submitted!</StepHeading>
            <Text c="dimmed">
              Thank you. Our team will analyse the app and update its detection coverage.
            </Text>
            <RequestNumber value={verify.data?.requestNumber ?? ''} />
            <Text size="sm" c="dimmed">
              A confirmation email with your request number is on its way to {email}. Keep the number for any
              follow-up.
            </Text>
            <Group gap="sm" justify="center" mt="sm">
              <Button component={Link} to="/">
                Back to Home
              </Button>
              <Button variant="default" onClick={startOver}>
                Request another VPN
              </Button>
            </Group>
          </Stack>
        )}
      </FlowCard>
    </Container>
  );
}
