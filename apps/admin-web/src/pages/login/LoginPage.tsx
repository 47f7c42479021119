/**
 * The login screen. Step 1: username, password (show/hide), the Turnstile widget, 'Remember me
 * for 30 days', 'Sign In'. Step 2, when the server answers requires2FA: the 6-digit code, 'Back
 * to Login', 'Verify'. The bot-check token goes with step 1 only; the widget is reset whenever
 * the two-factor flag changes and after every step-1 answer (a token is single use).
 */
import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import {
  ADMIN_MESSAGES,
  loginRequestSchema,
  REMEMBER_ME_DAYS,
  TOTP_CODE_LENGTH,
  totpCodeField,
} from '@tunnelscope/contracts';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../auth/AuthContext.js';
import { visibleLoginError } from '../../auth/auth-errors.js';
import { runtimeConfig } from '../../runtime-config.js';
import { ThemeToggle } from '../../theme/ThemeToggle.js';
import { TurnstileWidget, type TurnstileHandle } from '../../turnstile/TurnstileWidget.js';

interface LoginValues {
  username: string;
  password: string;
  totpCode: string;
  rememberMe: boolean;
}

const EMPTY_FORM: LoginValues = { username: '', password: '', totpCode: '', rememberMe: false };

/** Step 1's fields checked with the contracts' login schema; step 2's code must be six digits. */
function validateLogin(values: LoginValues, requires2FA: boolean): FormErrors {
  const errors: FormErrors = {};
  const parsed = loginRequestSchema.safeParse({
    username: values.username,
    password: values.password,
    rememberMe: values.rememberMe,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  if (requires2FA && !totpCodeField.safeParse(values.totpCode).success) {
    errors.totpCode = ADMIN_MESSAGES.sixDigitCode;
  }
  return errors;
}

export function LoginPage() {
  const { login, error, setError } = useAuth();
  const [requires2FA, setRequires2FA] = useState(false);
  const form = useForm<LoginValues>({
    initialValues: EMPTY_FORM,
    validate: (values) => validateLogin(values, requires2FA),
  });
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const widget = useRef<TurnstileHandle>(null);
  const previousRequires2FA = useRef(requires2FA);
  const brand = runtimeConfig.brandName;
  useDocumentTitle(`Sign in | ${brand} Admin`);

  // The bot-check widget is reset whenever the two-factor flag changes.
  useEffect(() => {
    if (previousRequires2FA.current === requires2FA) return;
    previousRequires2FA.current = requires2FA;
    widget.current?.reset();
  }, [requires2FA]);

  const handleSubmit = form.onSubmit(async (values) => {
    if (!requires2FA && !turnstileToken) {
      setError(ADMIN_MESSAGES.captchaMissing);
      return;
    }
    const outcome = await login(
      requires2FA
        ? {
            username: values.username.trim(),
            password: values.password,
            totpCode: values.totpCode,
            rememberMe: values.rememberMe,
          }
        : {
            username: values.username.trim(),
            password: values.password,
            rememberMe: values.rememberMe,
            turnstileToken: turnstileToken ?? undefined,
          },
    );
    if (outcome === 'success') {
      form.reset();
      setRequires2FA(false);
      return;
    }
    if (outcome === 'requires2FA') {
      setRequires2FA(true); // the effect above resets the widget
      return;
    }
    // The step-1 token was spent (or refused): clear it and ask the widget for a new one.
    if (!requires2FA || outcome === 'captchaFailed') widget.current?.reset();
  });
  const submitting = form.submitting;

  const backToLogin = () => {
    form.setFieldValue('totpCode', '');
    form.clearErrors();
    setError(null);
    setRequires2FA(false);
  };

  const shownError = visibleLoginError(error);

  return (
    <Box mih="100vh" component="main">
      <Group justify="flex-end" p="md">
        <ThemeToggle />
      </Group>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={420}>
          <Stack gap="xs" align="center" mb="lg">
            <IconShieldLock size={40} aria-hidden />
            <Title order={1} size="h2" ta="center">
              {brand} Admin
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {requires2FA
                ? 'Enter the 6-digit code from your authenticator app, or one of your backup codes.'
                : 'Sign in to the administration panel.'}
            </Text>
          </Stack>

          <form
            onSubmit={(event) => {
              // One attempt at a time: a token and a code are single use.
              if (submitting) event.preventDefault();
              else handleSubmit(event);
            }}
            noValidate
            aria-label={requires2FA ? 'Two-factor verification' : 'Sign in'}
          >
            <Stack gap="md">
              {shownError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {shownError}
                </Alert>
              )}

              {!requires2FA && (
                <>
                  <TextInput
                    label="Username"
                    name="username"
                    autoComplete="username"
                    required
                    withAsterisk={false}
                    {...form.getInputProps('username')}
                    disabled={submitting}
                  />
                  <PasswordInput
                    label="Password"
                    name="password"
                    autoComplete="current-password"
                    required
                    withAsterisk={false}
                    {...form.getInputProps('password')}
                    disabled={submitting}
                    visibilityToggleFocusable
                    visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
                  />
                </>
              )}

              {requires2FA && (
                <TextInput
                  label="Verification code"
                  description="6 digits"
                  name="totpCode"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={TOTP_CODE_LENGTH}
                  required
                  withAsterisk={false}
                  autoFocus
                  {...form.getInputProps('totpCode')}
                  onChange={(e) =>
                    form.setFieldValue(
                      'totpCode',
                      e.currentTarget.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH),
                    )
                  }
                  disabled={submitting}
                />
              )}

              {/* Kept mounted in step 2 (hidden) so a flag change can reset the same widget. */}
              <Box hidden={requires2FA} display={requires2FA ? 'none' : undefined}>
                <TurnstileWidget ref={widget} onToken={setTurnstileToken} />
              </Box>

              {!requires2FA && (
                <Checkbox
                  label={`Remember me for ${REMEMBER_ME_DAYS} days`}
                  {...form.getInputProps('rememberMe', { type: 'checkbox' })}
                  disabled={submitting}
                />
              )}

              <Button type="submit" fullWidth loading={submitting}>
                {requires2FA ? 'Verify' : 'Sign In'}
              </Button>
              {requires2FA && (
                <Button variant="subtle" fullWidth onClick={backToLogin} disabled={submitting}>
                  Back to Login
                </Button>
              )}
            </Stack>
          </form>
        </Paper>
      </Center>
    </Box>
  );
}
