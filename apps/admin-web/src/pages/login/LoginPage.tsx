/**
 * The login screen (admin §2 "Login screen", §4 "Login", §5 "Login", §8 "Login").
 *
 * Step 1: username, password (show/hide), the Turnstile widget, 'Remember me for 30 days',
 * 'Sign In'. Step 2, when the server answers requires2FA: the 6-digit code, 'Back to Login',
 * 'Verify'. The bot-check token goes with step 1 only; the widget is reset whenever the
 * two-factor flag changes and after every step-1 answer (a token is single use).
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
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import {
  ADMIN_MESSAGES,
  loginRequestSchema,
  REMEMBER_ME_DAYS,
  TOTP_CODE_LENGTH,
} from '@tunnelscope/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/AuthContext.js';
import { visibleLoginError } from '../../auth/auth-errors.js';
import { runtimeConfig } from '../../runtime-config.js';
import { ThemeToggle } from '../../theme/ThemeToggle.js';
import { TurnstileWidget, type TurnstileHandle } from '../../turnstile/TurnstileWidget.js';

interface FieldErrors {
  username?: string;
  password?: string;
  totpCode?: string;
}

const EMPTY_FORM = { username: '', password: '', totpCode: '', rememberMe: false };

export function LoginPage() {
  const { login, error, setError } = useAuth();
  const [form, setForm] = useState(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [requires2FA, setRequires2FA] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const widget = useRef<TurnstileHandle>(null);
  const previousRequires2FA = useRef(requires2FA);

  // Admin §2: the bot-check widget is reset whenever the two-factor flag changes.
  useEffect(() => {
    if (previousRequires2FA.current === requires2FA) return;
    previousRequires2FA.current = requires2FA;
    widget.current?.reset();
  }, [requires2FA]);

  const set = <K extends keyof typeof EMPTY_FORM>(key: K, value: (typeof EMPTY_FORM)[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (key in fieldErrors) setFieldErrors((current) => ({ ...current, [key]: undefined }));
  };

  const validate = (): boolean => {
    const errors: FieldErrors = {};
    const parsed = loginRequestSchema.safeParse({
      username: form.username,
      password: form.password,
      rememberMe: form.rememberMe,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
    }
    if (requires2FA && !new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(form.totpCode)) {
      errors.totpCode = ADMIN_MESSAGES.sixDigitCode;
    }
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !validate()) return;
    if (!requires2FA && !turnstileToken) {
      setError(ADMIN_MESSAGES.captchaMissing);
      return;
    }
    setSubmitting(true);
    const outcome = await login(
      requires2FA
        ? {
            username: form.username.trim(),
            password: form.password,
            totpCode: form.totpCode,
            rememberMe: form.rememberMe,
          }
        : {
            username: form.username.trim(),
            password: form.password,
            rememberMe: form.rememberMe,
            turnstileToken: turnstileToken ?? undefined,
          },
    );
    setSubmitting(false);
    if (outcome === 'success') {
      setForm(EMPTY_FORM);
      setRequires2FA(false);
      return;
    }
    if (outcome === 'requires2FA') {
      setRequires2FA(true); // the effect above resets the widget
      return;
    }
    // The step-1 token was spent (or refused): clear it and ask the widget for a new one.
    if (!requires2FA || outcome === 'captchaFailed') widget.current?.reset();
  };

  const backToLogin = () => {
    setForm((current) => ({ ...current, totpCode: '' }));
    setFieldErrors({});
    setError(null);
    setRequires2FA(false);
  };

  const shownError = visibleLoginError(error);
  const brand = runtimeConfig.brandName;

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
            onSubmit={handleSubmit}
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
                    value={form.username}
                    onChange={(e) => set('username', e.currentTarget.value)}
                    error={fieldErrors.username}
                    disabled={submitting}
                  />
                  <PasswordInput
                    label="Password"
                    name="password"
                    autoComplete="current-password"
                    required
                    withAsterisk={false}
                    value={form.password}
                    onChange={(e) => set('password', e.currentTarget.value)}
                    error={fieldErrors.password}
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
                  value={form.totpCode}
                  onChange={(e) =>
                    set('totpCode', e.currentTarget.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))
                  }
                  error={fieldErrors.totpCode}
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
                  checked={form.rememberMe}
                  onChange={(e) => set('rememberMe', e.currentTarget.checked)}
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
