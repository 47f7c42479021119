import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { IssuedKey } from '../../api/api-keys.js';
import { CopyButton } from '../../components/copy-button/CopyButton.js';

export interface KeyRevealModalProps {
  /** The key just issued; null closes the modal and forgets the secret. */
  issued: IssuedKey | null;
  /** The contracts' message: created or rotated, each saying it will not be shown again. */
  message: string;
  onClose: () => void;
}

/**
 * The secret of a new or rotated key, shown this once: the server keeps only its hash, so closing
 * this modal is the last chance to copy it. Clicking outside does not close it, so a stray click
 * cannot lose the key.
 */
export function KeyRevealModal({ issued, message, onClose }: KeyRevealModalProps) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title="Copy your API key"
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {issued && (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {message}
          </Alert>
          <Text size="sm">
            Key <strong>{issued.apiKey.name}</strong> for {issued.apiKey.ownerEmail}:
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              block
              data-testid="api-key-secret"
              aria-label="API key"
              style={{ flex: 1, wordBreak: 'break-all', userSelect: 'all' }}
            >
              {issued.key}
            </Code>
            <CopyButton value={issued.key} label="Copy key" />
          </Group>
          <Text size="xs" c="dimmed">
            It belongs on a server, in the X-API-Key header. Only its prefix ({issued.apiKey.prefix}) stays
            visible here.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the key</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
