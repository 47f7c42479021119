import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  API_KEY_DEFAULTS,
  createApiKeyRequestSchema,
  type CreateApiKeyRequest,
} from '@tunnelscope/contracts';
import { z } from 'zod';
import { useCreateApiKey, useVerifiedWaitlistEmails, type IssuedKey } from '../../api/api-keys.js';
import { messageOf } from '../../api/client.js';
import { notifyError } from '../../components/notify.js';

/** The form's own shape: the networks are typed one per line, then split into the request's list. */
const formSchema = createApiKeyRequestSchema
  .omit({ allowedNetworks: true })
  .extend({ allowedNetworks: z.string().max(100 * 65) });
type CreateForm = z.input<typeof formSchema>;

const EMPTY: CreateForm = {
  name: '',
  ownerEmail: '',
  dailyQuota: API_KEY_DEFAULTS.dailyQuota,
  burstPerSecond: API_KEY_DEFAULTS.burstPerSecond,
  allowExport: API_KEY_DEFAULTS.allowExport,
  allowedNetworks: '',
};

/** The request the form's values make: blank network lines dropped, no list when none is left. */
export function createRequestOf(values: CreateForm): CreateApiKeyRequest {
  const networks = values.allowedNetworks
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
  return createApiKeyRequestSchema.parse({
    name: values.name,
    ownerEmail: values.ownerEmail,
    dailyQuota: values.dailyQuota,
    burstPerSecond: values.burstPerSecond,
    allowExport: values.allowExport,
    ...(networks.length > 0 ? { allowedNetworks: networks } : {}),
  });
}

export interface CreateApiKeyDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new key and its secret, for the one-time reveal. */
  onCreated: (issued: IssuedKey) => void;
}

/**
 * Create key (admins only): a name and an owner, typed or picked from the verified waitlist, the
 * limits (the contracts' defaults filled in), export permission and an optional allowlist of client
 * networks. Every field is checked with the contracts' create schema before anything is sent.
 */
export function CreateApiKeyDialog({ opened, onClose, onCreated }: CreateApiKeyDialogProps) {
  const form = useForm<CreateForm>({
    initialValues: EMPTY,
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const create = useCreateApiKey();
  const owners = useVerifiedWaitlistEmails(opened);
  const ownerChoices = owners.data ?? [];
  const ownerEmail = form.getValues().ownerEmail;

  function close() {
    if (create.isPending) return;
    form.reset();
    onClose();
  }

  const submit = form.onSubmit(async (values) => {
    try {
      const issued = await create.mutateAsync(createRequestOf(values));
      form.reset();
      onCreated(issued);
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to create API key'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Create API key" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="What the key is for, e.g. 'Checkout fraud checks'"
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <NativeSelect
            label="Verified waitlist entry"
            description={
              owners.isError ? 'The waitlist could not be loaded; type the e-mail below.' : undefined
            }
            data={[
              { value: '', label: owners.isPending ? 'Loading…' : 'Pick a verified sign-up, or type below' },
              ...ownerChoices.map((email) => ({ value: email, label: email })),
            ]}
            value={ownerChoices.includes(ownerEmail) ? ownerEmail : ''}
            onChange={(event) => {
              if (event.currentTarget.value) form.setFieldValue('ownerEmail', event.currentTarget.value);
            }}
          />
          <TextInput
            label="Owner email"
            type="email"
            autoComplete="off"
            {...form.getInputProps('ownerEmail')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Daily quota"
              min={1}
              thousandSeparator=","
              allowDecimal={false}
              {...form.getInputProps('dailyQuota')}
            />
            <NumberInput
              label="Burst per second"
              min={1}
              allowDecimal={false}
              {...form.getInputProps('burstPerSecond')}
            />
          </Group>
          <Switch
            label="Allow offline export (MMDB and CSV)"
            {...form.getInputProps('allowExport', { type: 'checkbox' })}
          />
          <Textarea
            label="Allowed client networks"
            description="Optional: one CIDR per line (e.g. 203.0.113.0/24). Calls from elsewhere are refused."
            autosize
            minRows={2}
            {...form.getInputProps('allowedNetworks')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
