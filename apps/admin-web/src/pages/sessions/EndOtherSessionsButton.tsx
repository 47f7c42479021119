/**
 * "End all my other sessions" (issue 16), for any role: every session of the signed-in operator
 * but this one ends at once, after a confirmation; the server audits it and refuses those
 * sessions on their next request.
 *
 * Only the *other* sessions: the one in use already has Sign out (and Disconnect on its own row).
 * An "all including this one" button would be those two actions in one, and the reason to reach
 * for it — a lost laptop, a session that looks wrong — is usually followed by changing the password,
 * which needs a session left to do it in.
 */
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogout2 } from '@tabler/icons-react';
import type { ListedSession } from '@tunnelscope/contracts';
import { messageOf } from '../../api/client.js';
import { useEndOtherSessions } from '../../api/operator-safety.js';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { notifyError, notifySuccess } from '../../components/notify.js';

export const END_OTHER_SESSIONS = 'End all my other sessions';

/** 'Ended 1 session', 'Ended 3 sessions', 'No other sessions were active'. */
export function endedMessage(count: number): string {
  if (count === 0) return 'No other sessions were active';
  return `Ended ${count} ${count === 1 ? 'session' : 'sessions'}`;
}

export function EndOtherSessionsButton({ sessions }: { sessions: readonly ListedSession[] }) {
  const user = useCurrentUser();
  const endOthers = useEndOtherSessions();
  const mine = sessions.filter((s) => s.username === user.username && !s.isCurrent).length;

  const confirm = () =>
    modals.openConfirmModal({
      title: END_OTHER_SESSIONS,
      children: (
        <Text size="sm">
          Sign out every other browser where you are signed in
          {mine > 0 ? ` (${mine} listed)` : ''}? This session stays signed in.
        </Text>
      ),
      labels: { confirm: 'End sessions', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        endOthers.mutate(undefined, {
          onSuccess: (count) => notifySuccess('Sessions ended', endedMessage(count)),
          onError: (error) => notifyError('Error', messageOf(error, 'Failed to end your other sessions')),
        }),
    });

  return (
    <Group justify="flex-end">
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout2 size={16} aria-hidden />}
        onClick={confirm}
        loading={endOthers.isPending}
      >
        {END_OTHER_SESSIONS}
      </Button>
    </Group>
  );
}
