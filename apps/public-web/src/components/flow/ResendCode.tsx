import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { RESEND_COOLDOWN_SECONDS } from './resend.js';
import { useCooldown } from './use-cooldown.js';

/**
 * The "Resend code" link of a code step, with its cooldown shown as a countdown. The code was just
 * sent when the step appears, so the link waits RESEND_COOLDOWN_SECONDS first; after each resend it
 * waits again (or as long as the server asked, when it refused with a wait).
 *
 *   <ResendCode onResend={async () => { …send the same submission again…; return { ok: true } }} />
 *
 * `onResend` answers whether the code went out and, when the server refused for a while, how many
 * seconds to wait. The countdown is plain text (not a live region), so a screen reader is not
 * interrupted every second; the link itself announces when it is ready.
 */
export interface ResendOutcome {
  ok: boolean;
  retryAfterSeconds?: number;
}

export interface ResendCodeProps {
  onResend(): Promise<ResendOutcome>;
  /** Another call of the form is out (verifying): the link waits. */
  disabled?: boolean;
  /** Default 'Resend code'. */
  label?: string;
  cooldownSeconds?: number;
}

/** "30 s" under a minute, "4:05" from a minute on (a server-asked wait can be long). */
export function formatCooldown(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function ResendCode({
  onResend,
  disabled = false,
  label = 'Resend code',
  cooldownSeconds = RESEND_COOLDOWN_SECONDS,
}: ResendCodeProps) {
  const cooldown = useCooldown(cooldownSeconds);
  const [sending, setSending] = useState(false);
  const waiting = cooldown.remaining > 0;

  const resend = async () => {
    if (sending || waiting || disabled) return;
    setSending(true);
    try {
      const outcome = await onResend();
      if (outcome.ok) cooldown.start(cooldownSeconds);
      else if (outcome.retryAfterSeconds) cooldown.start(outcome.retryAfterSeconds);
    } finally {
      setSending(false);
    }
  };

  if (waiting) {
    return (
      <Text size="sm" c="dimmed" data-testid="resend-cooldown">
        Didn&apos;t get it? You can resend the code in {formatCooldown(cooldown.remaining)}.
      </Text>
    );
  }
  return (
    <Text size="sm">
      Didn&apos;t get it?{' '}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => void resend()}
        aria-disabled={sending || disabled || undefined}
        fw={600}
      >
        {sending ? 'Sending...' : label}
      </Anchor>
    </Text>
  );
}
