/**
 * Copies a value to the clipboard: the icon turns to a check and back after 2 seconds, and
 * 'Failed to copy to clipboard' is toasted when the browser refuses.
 *
 * The copying and the 2-second "copied" state are Mantine's `useClipboard`, the hook its
 * `CopyButton` is built on; the component itself is not used because it does not tell when a copy
 * failed, and the toast needs to know.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ADMIN_TIMINGS } from '@tunnelscope/contracts';
import { useEffect } from 'react';
import { notifyError } from '../notify.js';

export const COPY_FAILED_MESSAGE = 'Failed to copy to clipboard';

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const clipboard = useClipboard({ timeout: ADMIN_TIMINGS.copyConfirmationMs });

  // Each failure is a new error object, so every refused copy says so once.
  useEffect(() => {
    if (clipboard.error) notifyError(undefined, COPY_FAILED_MESSAGE);
  }, [clipboard.error]);

  const copy = () => {
    // Outside a secure context (plain HTTP on a non-local host) the clipboard API may be missing.
    if (!navigator.clipboard) notifyError(undefined, COPY_FAILED_MESSAGE);
    else clipboard.copy(value);
  };

  const shown = clipboard.copied ? 'Copied' : label;
  return (
    <Tooltip label={shown} withArrow>
      <ActionIcon
        variant="subtle"
        color={clipboard.copied ? 'teal' : 'gray'}
        size="lg"
        aria-label={shown}
        data-copied={clipboard.copied || undefined}
        onClick={copy}
      >
        {clipboard.copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
