/**
 * "3 new sign-ups — show": rows created since the table was loaded are announced here instead of
 * moving the rows under the operator's cursor; "show" reloads the table. Rows changed or deleted
 * by someone else refresh in place (the table is read again at once, as a background call that does
 * not count as the operator's activity). The tabs pass it to the table's `banner` slot.
 */
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveList } from '@tunnelscope/contracts';
import { useState } from 'react';
import { listKeys, reloadListInBackground } from '../api/list.js';
import { useLiveEvents } from './useLiveEvents.js';

/** The banner's words per list: singular, plural. */
const NOUNS: Record<LiveList, [string, string]> = {
  waitlist: ['new sign-up', 'new sign-ups'],
  'vpn-requests': ['new request', 'new requests'],
  contacts: ['new message', 'new messages'],
};

/** "1 new sign-up — show", "3 new requests — show" … (the text before the link included). */
export function newRowsText(list: LiveList, count: number): string {
  const [one, many] = NOUNS[list];
  return `${count} ${count === 1 ? one : many}`;
}

export function NewRowsBanner({ list, endpoint }: { list: LiveList; endpoint: string }) {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  // "show" is the operator's own request; a reload an event triggers is a background call, so other
  // operators' edits never keep this panel's idle session alive.
  const show = () => void queryClient.invalidateQueries({ queryKey: listKeys.endpoint(endpoint) });
  const reloadInBackground = () => reloadListInBackground(queryClient, endpoint);

  useLiveEvents(['row.created', 'row.changed', 'row.deleted', 'resync'], ({ event, data }) => {
    if (event === 'resync') {
      setFresh(new Set());
      reloadInBackground();
      return;
    }
    if (data.list !== list || typeof data.id !== 'string') return;
    const id = data.id;
    if (event === 'row.created') {
      setFresh((current) => (current.has(id) ? current : new Set(current).add(id)));
      return;
    }
    if (event === 'row.deleted') {
      setFresh((current) => {
        if (!current.has(id)) return current;
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
    // A row not yet shown changes nothing on screen; one shown refreshes in place.
    if (!fresh.has(id)) reloadInBackground();
  });

  if (fresh.size === 0) return null;
  return (
    <Alert variant="light" color="blue" py={6} role="status" aria-live="polite">
      <Group gap={6}>
        <Text size="sm">{newRowsText(list, fresh.size)} —</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setFresh(new Set());
            show();
          }}
        >
          show
        </Anchor>
      </Group>
    </Alert>
  );
}
