import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { API_KEY_MAX_GRACE_HOURS, rotateApiKeyRequestSchema, type ApiKeyView } from '@tunnelscope/contracts';
import type { z } from 'zod';
import { useRotateApiKey, type IssuedKey } from '../../api/api-keys.js';
import { messageOf } from '../../api/client.js';
import { notifyError } from '../../components/notify.js';

type RotateForm = z.input<typeof rotateApiKeyRequestSchema>;
const DEFAULT_GRACE_HOURS = rotateApiKeyRequestSchema.parse({}).graceHours;

export interface RotateApiKeyDialogProps {
  /** The key to rotate (kept while the dialog fades out); `open` says whether it shows. */
  target: { key: ApiKeyView; open: boolean } | null;
  onClose: () => void;
  onRotated: (issued: IssuedKey) => void;
}

/**
 * Rotate: a new secret now, the old one still accepted for the grace hours chosen here (0 ends it
 * at once, at most 7 days), so the owner can deploy the new key without an outage.
 */
export function RotateApiKeyDialog({ target, onClose, onRotated }: RotateApiKeyDialogProps) {
  return (
    <Modal opened={target?.open ?? false} onClose={onClose} title="Rotate API key" centered>
      {target && (
        <RotateForm key={target.key.id} apiKey={target.key} onClose={onClose} onRotated={onRotated} />
      )}
    </Modal>
  );
}

function RotateForm({
  apiKey,
  onClose,
  onRotated,
}: {
  apiKey: ApiKeyView;
  onClose: () => void;
  onRotated: (issued: IssuedKey) => void;
}) {
  const form = useForm<RotateForm>({
    initialValues: { graceHours: DEFAULT_GRACE_HOURS },
    validate: schemaResolver(rotateApiKeyRequestSchema, { sync: true }),
  });
  const rotate = useRotateApiKey();

  const submit = form.onSubmit(async (values) => {
    const { graceHours } = rotateApiKeyRequestSchema.parse(values);
    try {
      onRotated(await rotate.mutateAsync({ id: apiKey.id, graceHours }));
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to rotate API key'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          A new secret replaces the one of <strong>{apiKey.name}</strong> ({apiKey.prefix}…). The old secret
          keeps working for the grace period, then answers 401.
        </Text>
        <NumberInput
          label="Grace period (hours)"
          description={`0 to ${API_KEY_MAX_GRACE_HOURS} hours (7 days)`}
          min={0}
          max={API_KEY_MAX_GRACE_HOURS}
          allowDecimal={false}
          data-autofocus
          {...form.getInputProps('graceHours')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={rotate.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={rotate.isPending}>
            Rotate key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
