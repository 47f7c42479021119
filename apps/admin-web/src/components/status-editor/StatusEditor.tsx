/**
 * The status-and-notes cell of the waitlist, VPN request and contact tables. It shows the status
 * badge, the notes and an edit button; editing offers Wait, Pend and Done (any one, freely) and
 * the notes, then Save sends `PATCH {endpoint}/{id}` with `{status, notes}` and reloads the
 * table, or Cancel discards.
 *
 * 'full' (waitlist, contacts): Waiting/Pending/Complete badge, notes in a textarea.
 * 'compact' (VPN requests): Wait/Pend/OK badge, notes in a one-line field (Enter saves).
 * A view_only operator gets the edit button disabled with the 'View only' hint (the server refuses
 * the change too). A failed save toasts 'Update failed'.
 */
import { Button, Group, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { NOTES_MAX_LENGTH, type RecordStatus } from '@tunnelscope/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  UPDATE_FAILED_TITLE,
  updateErrorText,
  useUpdateReviewEntry,
  type ReviewUpdate,
} from '../../api/review.js';
import { RowAction, VIEW_ONLY_REASON } from '../data-table/index.js';
import { notifyError } from '../notify.js';
import { TruncatedText } from '../truncated-text/TruncatedText.js';
import { StatusBadge } from './StatusBadge.js';
import { isRecordStatus, STATUS_CHOICES } from './status-labels.js';

export const EDIT_STATUS_LABEL = 'Edit status and notes';

/** How many characters of the notes the cell shows (the full notes are its tooltip). */
const NOTES_PREVIEW = { full: 60, compact: 24 } as const;

export interface StatusEditorProps {
  /** The row's list, e.g. `/data/waitlist`; the update is `PATCH {endpoint}/{id}`. */
  endpoint: string;
  id: string;
  status: RecordStatus;
  notes: string;
  variant?: 'full' | 'compact';
  /** False for a view_only operator: the edit button stays, disabled with a 'View only' hint. */
  canEdit: boolean;
  /** After a successful save, e.g. the table's `refresh()`. */
  onSaved?: () => void;
}

const same = (a: ReviewUpdate, b: ReviewUpdate) => a.status === b.status && a.notes === b.notes;

export function StatusEditor({
  endpoint,
  id,
  status,
  notes,
  variant = 'full',
  canEdit,
  onSaved,
}: StatusEditorProps) {
  const compact = variant === 'compact';
  const update = useUpdateReviewEntry(endpoint);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ReviewUpdate>({ status, notes });
  // What the last save stored, shown until the reloaded row brings other values than it had then.
  const [saved, setSaved] = useState<{ value: ReviewUpdate; over: ReviewUpdate } | null>(null);
  const current = { status, notes };
  const shown = saved && same(saved.over, current) ? saved.value : current;

  const editButton = useRef<HTMLButtonElement>(null);
  const editor = useRef<HTMLFormElement>(null);
  const focusEditButton = useRef(false);
  useEffect(() => {
    if (editing) {
      editor.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
    } else if (focusEditButton.current) {
      focusEditButton.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const startEditing = () => {
    if (!canEdit) return;
    setDraft(shown);
    setEditing(true);
  };

  const stopEditing = () => {
    focusEditButton.current = true;
    setEditing(false);
  };

  const cancel = () => {
    if (!update.isPending) stopEditing();
  };

  async function save() {
    if (update.isPending) return;
    try {
      const stored = await update.mutateAsync({ id, ...draft });
      setSaved({ value: stored, over: current });
      stopEditing();
      onSaved?.();
    } catch (error) {
      // The editor stays open with what was typed, so nothing is lost.
      notifyError(UPDATE_FAILED_TITLE, updateErrorText(error));
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      cancel();
    }
  };

  if (editing) {
    const notesProps = {
      value: draft.notes,
      maxLength: NOTES_MAX_LENGTH,
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setDraft((d) => ({ ...d, notes: value }));
      },
    };
    return (
      <form
        ref={editor}
        data-testid="status-editor"
        data-editing
        onKeyDown={onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap={compact ? 6 : 'xs'} miw={compact ? 200 : 240}>
          <SegmentedControl
            aria-label="Status"
            size="xs"
            fullWidth
            data={STATUS_CHOICES}
            value={draft.status}
            onChange={(value) => {
              if (isRecordStatus(value)) setDraft((d) => ({ ...d, status: value }));
            }}
          />
          {compact ? (
            <TextInput size="xs" aria-label="Notes" placeholder="Notes" {...notesProps} />
          ) : (
            <Textarea size="xs" label="Notes" autosize minRows={2} maxRows={6} {...notesProps} />
          )}
          <Group gap={6} wrap="nowrap">
            <Button type="submit" size={compact ? 'compact-xs' : 'xs'} loading={update.isPending}>
              Save
            </Button>
            <Button
              variant="default"
              size={compact ? 'compact-xs' : 'xs'}
              onClick={cancel}
              disabled={update.isPending}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const editAction = (
    <RowAction
      ref={editButton}
      label={EDIT_STATUS_LABEL}
      icon={<IconPencil size={16} />}
      disabledReason={canEdit ? undefined : VIEW_ONLY_REASON}
      onClick={startEditing}
    />
  );
  const notesPreview = shown.notes.trim() ? (
    <TruncatedText
      text={shown.notes}
      max={compact ? NOTES_PREVIEW.compact : NOTES_PREVIEW.full}
      size="xs"
      c="dimmed"
      data-testid="status-notes"
    />
  ) : null;

  return (
    <Group data-testid="status-editor" gap="xs" wrap="nowrap" align={compact ? 'center' : 'flex-start'}>
      {compact ? (
        <>
          <StatusBadge status={shown.status} compact />
          {notesPreview}
        </>
      ) : (
        <Stack gap={4} miw={0}>
          <StatusBadge status={shown.status} />
          {notesPreview ?? (
            <Text size="xs" c="dimmed" fs="italic">
              No notes
            </Text>
          )}
        </Stack>
      )}
      {editAction}
    </Group>
  );
}
