/**
 * Copies a value to the clipboard (admin §8/§9: the icon turns to a check and back after 2 seconds;
 * 'Failed to copy to clipboard' when the browser refuses).
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ADMIN_TIMINGS } from '@tunnelscope/contracts';
import { useEffect, useRef, useState } from 'react';
import { notifyError } from '../notify.js';

export const COPY_FAILED_MESSAGE = 'Failed to copy to clipboard';

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      // Absent outside secure contexts (plain HTTP on a non-local host).
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), ADMIN_TIMINGS.copyConfirmationMs);
    } catch {
      notifyError(undefined, COPY_FAILED_MESSAGE);
    }
  };

  const shown = copied ? 'Copied' : label;
  return (
    <Tooltip label={shown} withArrow>
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        size="lg"
        aria-label={shown}
        data-copied={copied || undefined}
        onClick={() => void copy()}
      >
        {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
