/**
 * The security demo's secure contact form.
 *
 * Every field is checked with the contracts' client rules as the visitor types; a submit checks the
 * whole form again, and a failure shows the 'Validation Error' toast and logs a VALIDATION_ERROR
 * security event. A valid form goes through the same code step as the contact page: POST
 * /api/contact (with hasMarketing), the six-digit code, POST /api/verify-contact-otp, then its own
 * success toast, and the form clears. On any error the form keeps its values.
 */
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconClock, IconMailCheck, IconShieldLock } from '@tabler/icons-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  CLIENT_MESSAGES,
  MAX_LENGTHS,
  OTP_TTL_SECONDS,
  detectThreats,
  validateContactForm,
  validateOtpCode,
  type ContactFormInput,
} from '@tunnelscope/contracts';
import { OneTimeCodeInput } from '@tunnelscope/web-ui';
import { logSecurityEvent, messageOf, useSubmitContact, useVerifyContactOtp } from '../../api/forms.js';
import { ApiError } from '../../api/http.js';
import { useCodeFlow } from '../flow/use-code-flow.js';
import { FORM_TEXT } from '../flow/messages.js';
import { toast } from '../toast/toast.js';
import classes from './SecureContactForm.module.css';

type Field = keyof ContactFormInput;
type Values = Record<Field, string>;

const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
/** The character counters sit under their inputs, above any message. */
const COUNTER_BELOW_INPUT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];
const EMPTY = { name: '', email: '', subject: '', message: '', hasMarketing: false };

/** This form's texts. */
const SECURE_FORM_TEXT = {
  submit: 'Send Secure Message',
  submitting: 'Sending Message...',
  success: "Success! Your message has been sent. We'll get back to you soon.",
  errorTitle: 'Error',
  submissionFailed: 'Submission failed',
  unexpected: 'Something went wrong. Please try again.',
  codeSentTitle: FORM_TEXT.codeSentTitle,
  verify: 'Verify & Send Message',
  verifying: 'Verifying...',
  back: 'Back to form',
  resend: 'Send a new code',
} as const;

/** The server's message for a refused call, else this form's fallbacks. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError
    ? messageOf(error, SECURE_FORM_TEXT.submissionFailed)
    : SECURE_FORM_TEXT.unexpected;
}

/** Field names with the threat types seen in them; never the values themselves. */
function threatsIn(values: Values): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const field of FIELDS) {
    const types = detectThreats(values[field]).map((threat) => threat.type);
    if (types.length > 0) found[field] = types;
  }
  return found;
}

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? classes.counterOver : undefined}>
      {`${length} / ${max}`}
      <span className={classes.srOnly}> characters</span>
    </span>
  );
}

export interface SecureContactFormProps {
  /** Id of the heading that names the form, when the page provides one. */
  labelledBy?: string;
}

export function SecureContactForm({ labelledBy }: SecureContactFormProps) {
  const id = useId();
  // The server's minimum message length is only reported from the first submit on, so it does not
  // nag from the first keystroke (nor disable the button the visitor is about to click).
  const [lengthChecked, setLengthChecked] = useState(false);
  const form = useForm({
    name: 'secure-contact',
    initialValues: EMPTY,
    validateInputOnChange: true,
    validate: (values) => {
      const { errors } = validateContactForm(values);
      if (!lengthChecked && errors.message === CLIENT_MESSAGES.message.tooShort) delete errors.message;
      return errors;
    },
  });
  const flow = useCodeFlow();
  const [codeError, setCodeError] = useState<string | undefined>();

  const submitContact = useSubmitContact();
  const verifyOtp = useVerifyContactOtp();
  const formTopRef = useRef<HTMLDivElement>(null);

  const { values } = form;
  const sending = submitContact.isPending;
  const verifying = verifyOtp.isPending;
  const hasFieldErrors = FIELDS.some((field) => Boolean(form.errors[field]));

  const sendContact = async (sanitized: Values) => {
    try {
      const response = await submitContact.mutateAsync({
        ...sanitized,
        consent: true,
        hasMarketing: values.hasMarketing,
      });
      flow.startVerification(response.requestId);
      setCodeError(undefined);
      toast(SECURE_FORM_TEXT.codeSentTitle, `Check ${sanitized.email} for your 6-digit code.`, 'success');
    } catch (error) {
      toast(SECURE_FORM_TEXT.errorTitle, failureMessage(error), 'error');
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const result = validateContactForm(values);
    setLengthChecked(true);
    const threats = threatsIn(values);
    if (Object.keys(threats).length > 0) {
      logSecurityEvent('THREAT_DETECTED', { form: 'secure-contact', fields: threats });
    }
    if (!result.isValid) {
      form.setErrors(result.errors);
      toast(
        CLIENT_MESSAGES.form.validationErrorTitle,
        CLIENT_MESSAGES.form.validationErrorDescription,
        'error',
      );
      logSecurityEvent('VALIDATION_ERROR', { form: 'secure-contact', errors: result.errors });
      const first = FIELDS.find((field) => result.errors[field]);
      if (first) form.getInputNode(first)?.focus();
      return;
    }
    form.clearErrors();
    await sendContact(result.sanitized);
  };

  const resetForm = () => {
    form.reset();
    setLengthChecked(false);
    setCodeError(undefined);
    flow.backToForm();
  };

  const backToForm = () => {
    flow.backToForm();
    setCodeError(undefined);
    // After the form re-renders, put the keyboard back at its top.
    window.setTimeout(() => formTopRef.current?.focus(), 0);
  };

  const verify = async (otp: string) => {
    if (verifying || !flow.requestId) return;
    const problem = validateOtpCode(otp);
    if (problem) {
      setCodeError(problem);
      return;
    }
    setCodeError(undefined);
    try {
      await verifyOtp.mutateAsync({ requestId: flow.requestId, otpCode: otp });
      toast(SECURE_FORM_TEXT.success, undefined, 'success');
      resetForm();
      window.setTimeout(() => formTopRef.current?.focus(), 0);
    } catch (error) {
      toast(SECURE_FORM_TEXT.errorTitle, failureMessage(error), 'error');
    }
  };

  const resend = async () => {
    if (sending) return;
    await sendContact(validateContactForm(values).sanitized);
  };

  if (flow.step === 'otp') {
    const headingId = `${id}-code-heading`;
    // The fields are disabled while the form is sent, so they still hold the address the code went to.
    const submittedEmail = validateContactForm(values).sanitized.email;
    return (
      <form
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify(flow.code);
        }}
        aria-busy={verifying || sending}
      >
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconMailCheck size={22} aria-hidden="true" />
            <Title order={3} id={headingId}>
              Verify Your Email
            </Title>
          </Group>
          <Text size="sm">
            We sent a 6-digit code to <strong className={classes.breakAll}>{submittedEmail}</strong>. Enter it
            below to send your message.
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Expires in {OTP_TTL_SECONDS / 60} minutes
            </Text>
          </Group>
          <OneTimeCodeInput
            value={flow.code}
            onChange={(next) => {
              flow.setCode(next);
              if (codeError) setCodeError(undefined);
            }}
            autoFocus
            disabled={verifying}
            label="Verification code"
            error={codeError}
          />
          <Group gap="sm">
            <Button
              type="submit"
              disabled={verifying}
              leftSection={verifying ? <Loader size={16} color="currentColor" aria-hidden="true" /> : null}
            >
              {verifying ? SECURE_FORM_TEXT.verifying : SECURE_FORM_TEXT.verify}
            </Button>
            <Button
              type="button"
              variant="subtle"
              onClick={backToForm}
              disabled={verifying}
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            >
              {SECURE_FORM_TEXT.back}
            </Button>
            <Button
              type="button"
              variant="subtle"
              onClick={() => void resend()}
              disabled={verifying || sending}
            >
              {SECURE_FORM_TEXT.resend}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const inputProps = (field: Field) => ({
    ...form.getInputProps(field),
    withAsterisk: true,
    'aria-required': true,
    disabled: sending,
  });

  const counted = (field: 'name' | 'subject' | 'message') => ({
    description: <Counter length={values[field].length} max={MAX_LENGTHS[field]} />,
    descriptionProps: { component: 'div' as const, className: classes.counter },
    inputWrapperOrder: COUNTER_BELOW_INPUT,
  });

  return (
    <form
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={sending}
    >
      <Stack gap="md">
        <div ref={formTopRef} tabIndex={-1} className={classes.focusTarget}>
          <Text size="sm" c="dimmed">
            <IconShieldLock size={16} aria-hidden="true" className={classes.inlineIcon} /> Every field is
            checked as you type and cleaned before it is sent. We confirm your email with a 6-digit code
            before your message reaches us.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...inputProps('name')} {...counted('name')} label="Name" autoComplete="name" />
          <TextInput
            {...inputProps('email')}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
          />
        </SimpleGrid>
        <TextInput {...inputProps('subject')} {...counted('subject')} label="Subject" autoComplete="off" />
        <Textarea
          {...inputProps('message')}
          {...counted('message')}
          label="Message"
          autosize
          minRows={5}
          maxRows={14}
        />
        <Checkbox
          {...form.getInputProps('hasMarketing', { type: 'checkbox' })}
          disabled={sending}
          label="Send me occasional product news and updates (optional)"
        />
        <Text size="xs" c="dimmed">
          By sending this form you agree that we process your details to answer you, as described in our{' '}
          <Anchor component={Link} to="/privacy" size="xs" underline="always">
            Privacy Policy
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/terms" size="xs" underline="always">
            Terms
          </Anchor>
          .
        </Text>
        <Group>
          <Button
            type="submit"
            disabled={sending || hasFieldErrors}
            leftSection={
              sending ? (
                <Loader size={16} color="currentColor" aria-hidden="true" />
              ) : (
                <IconShieldLock size={18} aria-hidden="true" />
              )
            }
          >
            {sending ? SECURE_FORM_TEXT.submitting : SECURE_FORM_TEXT.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
