/**
 * "Your session is about to end" (issue 16): two minutes before the 30-minute idle timeout, a
 * dialog counts down and offers "Stay signed in". The countdown follows the server's view of the
 * session (`lastActivity` → `idleExpiresAt` of `/auth/me`), re-read in the background when the
 * warning is due: any call the operator made meanwhile moved it, and then nothing shows. Those
 * reads are background calls, so watching the clock never keeps a session alive; only "Stay
 * signed in" makes one call that counts as activity. When the session has ended, the re-read's
 * 401 takes the panel to the login screen the usual way (api/session-refusals.ts).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SessionView } from '@tunnelscope/contracts';
import { useCallback, useEffect, useState } from 'react';
import { fetchSessionSnapshot } from '../api/operator-safety.js';
import { formatCountdown, IDLE_WARNING_MS, idleDeadline } from './idle-deadline.js';

/** A session view and the client time it arrived at. */
export interface SessionClock {
  view: SessionView;
  receivedAt: number;
}

/** A re-check at the deadline waits this much longer, so the server has surely passed it. */
const AFTER_DEADLINE_MS = 1_000;

export function IdleWarning({ initial, onSignOut }: { initial: SessionClock | null; onSignOut(): void }) {
  const [deadline, setDeadline] = useState<number | null>(() =>
    initial ? idleDeadline(initial.view, initial.receivedAt) : null,
  );
  const [warning, setWarning] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  // Bumped by every re-read, so the next one is scheduled even when nothing else changed.
  const [round, setRound] = useState(0);

  /** The server's deadline now (touching only for "Stay signed in"); undefined if the call failed. */
  const reread = useCallback(async (touch: boolean) => {
    try {
      const snapshot = await fetchSessionSnapshot(touch);
      return snapshot.session ? idleDeadline(snapshot.session, Date.now()) : null;
    } catch {
      // A 401 was reported to the auth context already (login screen); anything else: try later.
      return undefined;
    }
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    let cancelled = false;
    const due = warning ? deadline + AFTER_DEADLINE_MS : deadline - IDLE_WARNING_MS;
    const timer = setTimeout(
      () => {
        void reread(false).then((next) => {
          if (cancelled || next === undefined) return;
          // Activity since the last read moved the deadline: no warning (or no more).
          const warn = next !== null && next - Date.now() <= IDLE_WARNING_MS + AFTER_DEADLINE_MS;
          setNow(Date.now());
          setRound((r) => r + 1);
          setWarning(warn);
          setDeadline(next);
        });
      },
      Math.max(0, due - Date.now()),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [deadline, warning, round, reread]);

  // The countdown's tick, only while it shows.
  useEffect(() => {
    if (!warning) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [warning]);

  const stay = async () => {
    setStaying(true);
    const next = await reread(true);
    setStaying(false);
    if (next === undefined) return;
    setWarning(false);
    setDeadline(next);
  };

  if (!warning || deadline === null) return null;
  return (
    <Modal
      opened
      onClose={() => void stay()}
      title="Are you still there?"
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text size="sm" role="timer" aria-live="polite">
          For your security you will be signed out in {formatCountdown(deadline - now)} because of inactivity.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onSignOut}>
            Sign out
          </Button>
          <Button onClick={() => void stay()} loading={staying} data-autofocus>
            Stay signed in
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
