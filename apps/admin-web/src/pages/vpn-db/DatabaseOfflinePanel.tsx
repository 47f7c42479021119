import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconDatabaseOff, IconRefresh } from '@tabler/icons-react';

/**
 * The orange database-offline panel: the IP database is unreachable while the panel and its
 * services are up. Shared by Database Analytics and Search DB.
 */
export function DatabaseOfflinePanel({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      title="Database Offline"
      icon={<IconDatabaseOff size={20} />}
      data-testid="db-offline"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Database Connection Failed: {message}</Text>
        <Button
          color="orange"
          variant="filled"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
          loading={retrying}
        >
          Retry Connection
        </Button>
      </Stack>
    </Alert>
  );
}
