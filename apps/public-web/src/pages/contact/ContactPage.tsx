import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/PinInput.css';
import {
  Anchor,
  Button,
  Checkbox,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconBriefcase, IconCircleCheck, IconClock, IconLifebuoy } from '@tabler/icons-react';
import {
  CONTACT_REPLY_PROMISE_HOURS,
  MAX_LENGTHS,
  OTP_TTL_SECONDS,
  UI_TIMINGS,
  validateContactForm,
  type ContactRequest,
} from '@tunnelscope/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSubmitContact, useVerifyContactOtp } from '../../api/forms.js';
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
import { runtimeConfig } from '../../runtime-config.js';

const EMPTY_FORM = { name: '', email: '', subject: '', message: '', consent: false };

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Title order={2} fz="md">
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

function SideCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, md: 1 }} spacing="md">
      <ContactCard icon={<IconLifebuoy size={22} />} title="Support">
        <Text size="sm" c="dimmed">
          Questions about detection results, integration or your account.
        </Text>
        <Anchor href={`mailto:${runtimeConfig.supportEmail}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {runtimeConfig.supportEmail}
        </Anchor>
      </ContactCard>
      <ContactCard icon={<IconBriefcase size={22} />} title="Sales">
        <Text size="sm" c="dimmed">
          Pricing, volumes, enterprise plans and trials.
        </Text>
        <Anchor href={`mailto:${runtimeConfig.salesEmail}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {runtimeConfig.salesEmail}
        </Anchor>
      </ContactCard>
      <ContactCard icon={<IconClock size={22} />} title="Response time">
        <Text size="sm" c="dimmed">
          We reply to every message within {CONTACT_REPLY_PROMISE_HOURS} hours.
        </Text>
      </ContactCard>
    </SimpleGrid>
  );
}

export default function ContactPage() {
  const flow = useCodeFlow();
  const form = useRulesForm(EMPTY_FORM, validateContactForm);
  // The missing-consent warning is a notice for a few seconds, not a message that follows the box.
  const [consentWarning, setConsentWarning] = useState(false);
  const warningTimer = useTimeout(() => setConsentWarning(false), UI_TIMINGS.consentWarningMs);
  const [sent, setSent] = useState({ name: '', email: '' });
  // What was sent, so "Resend code" sends the same submission (the server reissues its code).
  const [sentValues, setSentValues] = useState<ContactRequest | null>(null);
  const submit = useSubmitContact();
  const verify = useVerifyContactOtp();

  const warnWithoutConsent = (): boolean => {
    if (form.getValues().consent) return false;
    setConsentWarning(true);
    warningTimer.clear();
    warningTimer.start();
    return true;
  };

  const handleSubmit = async (values: Record<'name' | 'email' | 'subject' | 'message', string>) => {
    if (submit.isPending) return;
    if (warnWithoutConsent()) {
      // With the fields in order, the missing consent is the one thing to fix: go there.
      form.getInputNode('consent')?.focus();
      return;
    }
    try {
      const request: ContactRequest = { ...values, consent: true };
      const answer = await submit.mutateAsync(request);
      setSent({ name: values.name, email: values.email });
      setSentValues(request);
      toast(FORM_TEXT.codeSentTitle, `Check ${values.email} for your 6-digit code.`, 'success');
      flow.startVerification(answer.requestId);
    } catch (error) {
      failureToast(FORM_TEXT.errorTitle, error, FORM_TEXT.contact.submitFailed);
    }
  };

  const handleResend = () =>
    resendCode({
      send: () =>
        sentValues ? submit.mutateAsync(sentValues) : Promise.reject(new Error('nothing was sent')),
      email: sent.email,
      failureTitle: FORM_TEXT.errorTitle,
      failureFallback: FORM_TEXT.contact.submitFailed,
      onCodeSent: flow.startVerification,
    });

  const handleVerify = (code: string) => {
    if (!flow.requestId) return;
    verify.mutate(
      { requestId: flow.requestId, otpCode: code },
      {
        onSuccess: () => {
          toast(FORM_TEXT.contact.sent, FORM_TEXT.contact.replyPromise, 'success');
          flow.goTo('success');
        },
        onError: (error) => {
          failureToast(FORM_TEXT.contact.verifyFailed, error);
          flow.resetCode();
        },
      },
    );
  };

  const startOver = () => {
    form.reset();
    flow.backToForm();
  };

  const messageLength = form.values.message.trim().length;

  return (
    <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <FlowCard>
            {flow.step === 'form' && (
              <Stack gap="lg">
                <Stack gap="xs">
                  <StepHeading ref={flow.headingRef}>Contact Us</StepHeading>
                  <Text c="dimmed">
                    Questions about VPN, Tor and proxy detection, pricing or a partnership? Send us a message:
                    we confirm your email with a 6-digit code, then it reaches our team.
                  </Text>
                </Stack>
                <form
                  onSubmit={form.onSubmit(handleSubmit, warnWithoutConsent)}
                  noValidate
                  aria-busy={submit.isPending || undefined}
                >
                  <Stack gap="md">
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                      <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
                      <TextInput
                        label="Email"
                        type="email"
                        inputMode="email"
                        autoComplete="email"
                        placeholder="you@company.com"
                        required
                        {...form.getInputProps('email')}
                      />
                    </SimpleGrid>
                    <TextInput label="Subject" required {...form.getInputProps('subject')} />
                    <Textarea
                      label="Message"
                      rows={6}
                      resize="vertical"
                      required
                      description={`${messageLength}/${MAX_LENGTHS.message} characters`}
                      {...form.getInputProps('message')}
                    />
                    <Checkbox
                      {...form.getInputProps('consent', { type: 'checkbox' })}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        form.setFieldValue('consent', checked);
                        if (checked) setConsentWarning(false);
                      }}
                      error={consentWarning ? FORM_TEXT.contact.consentMissing : undefined}
                      label={
                        <>
                          I agree that my personal data is processed to answer this message, as described in
                          the{' '}
                          <Anchor component={Link} to="/privacy" inherit underline="always">
                            Privacy Policy
                          </Anchor>
                          .
                        </>
                      }
                    />
                    <Button
                      type="submit"
                      size="md"
                      mt="xs"
                      fullWidth
                      data-disabled={submit.isPending || undefined}
                      aria-disabled={submit.isPending || undefined}
                    >
                      {submit.isPending ? 'Sending...' : 'Send Message'}
                    </Button>
                  </Stack>
                </form>
              </Stack>
            )}

            {flow.step === 'otp' && (
              <OtpStep
                title="Verify Your Email"
                description={
                  <CodeSentTo
                    email={sent.email}
                    then="Your message reaches our team once the code is verified."
                  />
                }
                code={flow.code}
                onCodeChange={flow.setCode}
                headingRef={flow.headingRef}
                verifying={verify.isPending}
                onVerify={handleVerify}
                verifyLabel="Verify & Send Message"
                verifyingLabel="Sending..."
                onBack={flow.backToForm}
                backLabel="Back to form"
                onResend={handleResend}
                backAs="link"
              >
                <Text size="sm" c="dimmed">
                  The code expires in {OTP_TTL_SECONDS / 60} minutes. No email? Check your spam folder, or go
                  back and send the form again for a new code.
                </Text>
              </OtpStep>
            )}

            {flow.step === 'success' && (
              <Stack gap="md" align="center" ta="center">
                <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
                  <IconCircleCheck size={36} />
                </ThemeIcon>
                <StepHeading ref={flow.headingRef}>Message Sent Successfully!</StepHeading>
                <Text c="dimmed">
                  Thank you, {sent.name}. We will get back to you at {sent.email} within{' '}
                  {CONTACT_REPLY_PROMISE_HOURS} hours.
                </Text>
                <Group gap="sm" justify="center" mt="sm">
                  <Button component={Link} to="/">
                    Back to Home
                  </Button>
                  <Button variant="default" onClick={startOver}>
                    Send another message
                  </Button>
                </Group>
              </Stack>
            )}
          </FlowCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SideCards />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
