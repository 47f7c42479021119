/**
 * The sessions tab: every active admin session with a count badge, Refresh, live updates, and
 * Disconnect after a confirmation. A view_only operator may disconnect only their own sessions (the
 * server enforces it; here the other buttons are disabled with a hint).
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { AdminUser, ListedSession } from '@tunnelscope/contracts';
import { useActiveSessions, useDisconnectSession } from '../../api/sessions.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { errorText } from '../../auth/auth-errors.js';
import { reloadPage } from '../../auth/page-reload.js';
import { SectionLoader } from '../../components/layout/LoadingScreen.js';
import { EndOtherSessionsButton } from './EndOtherSessionsButton.js';
import { notifyError, notifySuccess } from '../../components/notify.js';
import {
  formatAbsolute,
  formatRelative,
  guessBrowser,
  guessLocation,
  isExpiringSoon,
} from './session-info.js';

export const NO_SESSIONS = 'No active sessions found';

/** 'Failed to disconnect session: {error}', or without a reason when there is none. */
export function disconnectFailureMessage(error: unknown): string {
  const reason = error === undefined || error === null ? '' : errorText(error);
  return reason ? `Failed to disconnect session: ${reason}` : 'Failed to disconnect session';
}

/** A view_only operator manages only their own sessions; the list names sessions by username. */
export function canDisconnect(user: AdminUser, session: ListedSession): boolean {
  return user.role === 'admin' || session.username === user.username;
}

function TimeCell({ iso, now }: { iso: string; now: number }) {
  return (
    <Tooltip label={formatAbsolute(iso)} withArrow>
      <Text size="sm" span>
        {formatRelative(iso, now)}
      </Text>
    </Tooltip>
  );
}

export function SessionsTab() {
  const user = useCurrentUser();
  const sessions = useActiveSessions();
  const disconnect = useDisconnectSession();
  const list = sessions.data ?? [];
  const now = Date.now();

  const confirmDisconnect = (session: ListedSession) => {
    const where = `${guessBrowser(session.userAgent)} at ${session.ipAddress ?? 'an unknown address'}`;
    modals.openConfirmModal({
      title: 'Disconnect Session',
      children: (
        <Text size="sm">
          {session.isCurrent
            ? `This is your current session (${where}). Disconnecting it signs you out of this browser.`
            : `Disconnect ${session.username}'s session (${where})? That browser is signed out at once.`}
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(session.id, {
          onSuccess: (answer) => {
            notifySuccess(undefined, answer.message ?? 'Session disconnected');
            if (session.isCurrent) reloadPage();
          },
          onError: (error) => notifyError(undefined, disconnectFailureMessage(error)),
        }),
    });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={2} size="h3">
                Active Sessions
              </Title>
              <Badge variant="light" aria-label={`${list.length} active sessions`}>
                {list.length}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Every signed-in admin browser. The list updates as sessions start and end.
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void sessions.refetch()}
            loading={sessions.isFetching && !sessions.isPending}
          >
            Refresh
          </Button>
        </Group>
        <EndOtherSessionsButton sessions={list} />

        {sessions.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            Failed to load sessions: {errorText(sessions.error)}
          </Alert>
        )}

        {sessions.isPending ? (
          <SectionLoader label="Loading sessions" />
        ) : list.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {NO_SESSIONS}
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped highlightOnHover verticalSpacing="sm" miw={900}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Browser</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>IP Address</Table.Th>
                  <Table.Th>Last Activity</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((session) => {
                  const allowed = canDisconnect(user, session);
                  return (
                    <Table.Tr
                      key={session.id}
                      data-testid="session-row"
                      data-current={session.isCurrent || undefined}
                    >
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={600}>
                            {session.username}
                          </Text>
                          {session.isCurrent && (
                            <Badge size="xs" color="green" variant="light">
                              Current Session
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {session.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" title={session.userAgent ?? undefined}>
                          {guessBrowser(session.userAgent)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{guessLocation(session.ipAddress)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {session.ipAddress ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TimeCell iso={session.lastActivity} now={now} />
                      </Table.Td>
                      <Table.Td>
                        <TimeCell iso={session.createdAt} now={now} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <TimeCell iso={session.expiresAt} now={now} />
                          {isExpiringSoon(session.expiresAt, now) && (
                            <Badge size="xs" color="orange" variant="light">
                              Expiring Soon
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2} align="flex-end">
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            disabled={
                              !allowed || (disconnect.isPending && disconnect.variables === session.id)
                            }
                            onClick={() => confirmDisconnect(session)}
                            aria-label={`Disconnect ${session.username}'s session from ${session.ipAddress ?? 'unknown address'}`}
                          >
                            Disconnect
                          </Button>
                          {!allowed && (
                            <Text size="xs" c="dimmed">
                              View only
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Card>
  );
}
