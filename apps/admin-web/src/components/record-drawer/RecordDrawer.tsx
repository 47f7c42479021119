/**
 * A record's detail drawer (issue 16 items 3–4), for the Waitlist, VPN Requests and Contacts
 * tables: every stored field in full (the whole message, the notes), the status and notes editor,
 * and the record's history (operators' changes and the visitor's own events, newest first).
 *
 * It opens from the table (Enter or a click/tap on a row; `n` opens it with the notes focused),
 * is a dialog with its focus kept inside, and closes with Escape or the close button, focus
 * returning to the row. A save carries the version the operator edited: when someone else saved
 * the record meanwhile, nothing is overwritten — the drawer says "Changed by X at T" and shows
 * the current values, which the operator can take over and edit again.
 */
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTES_MAX_LENGTH,
  type CurrentReviewState,
  type HistoryEntry,
  type RecordStatus,
} from '@tunnelscope/contracts';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/client.js';
import { listKeys } from '../../api/list.js';
import { VersionConflictError, fetchRecordDetail, saveRecord } from '../../api/records.js';
import { formatDateTime, formatValue } from '../data-table/index.js';
import { STATUS_CHOICES, isRecordStatus } from '../status-editor/status-labels.js';
import { StatusBadge } from '../status-editor/StatusBadge.js';

export const DRAWER_TITLE = 'Record details';
export const SAVE_LABEL = 'Save';
export const USE_CURRENT_LABEL = 'Use current values';
export const HISTORY_TITLE = 'History';
export const NO_HISTORY = 'No changes or visitor events recorded yet.';

export const recordKeys = {
  detail: (endpoint: string, id: string) => ['record', endpoint, id] as const,
};

export interface RecordDrawerProps {
  /** The list, e.g. `/data/waitlist`; the record is `{endpoint}/{id}`. */
  endpoint: string;
  /** The open record, or null when the drawer is closed. */
  id: string | null;
  onClose: () => void;
  /** False for a view_only operator: the editor is read-only. */
  canEdit: boolean;
  /** Put the cursor in the notes when the drawer opens (the `n` key). */
  focusNotes?: boolean;
}

interface Draft {
  status: RecordStatus;
  notes: string;
  version: number;
}

/** A stored column's name as a label: `user_agent` → "User agent". */
export function fieldLabel(column: string): string {
  const words = column.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function storedText(column: string, value: string | number | boolean | null): string {
  if (typeof value === 'string' && /(_at|_expiry)$/.test(column)) return formatDateTime(value);
  return formatValue(value);
}

export function RecordDrawer({ endpoint, id, onClose, canEdit, focusNotes = false }: RecordDrawerProps) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: recordKeys.detail(endpoint, id ?? ''),
    queryFn: ({ signal }) => fetchRecordDetail(endpoint, id!, signal),
    enabled: id !== null,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [conflict, setConflict] = useState<{ message: string; current: CurrentReviewState } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const notesRef = useRef<HTMLTextAreaElement>(null);

  // A freshly loaded record (or another record) starts a fresh edit.
  const loaded = detail.data?.row;
  useEffect(() => {
    if (!loaded) return;
    setDraft({ status: loaded.status, notes: loaded.notes, version: loaded.version });
    setConflict(null);
    setSaveError(null);
  }, [loaded]);

  // The drawer's focus trap takes the focus when its opening transition ends, which may come
  // after the record loaded: the notes take it back then too (`data-autofocus` marks them).
  const editorShown = draft !== null;
  useEffect(() => {
    if (!focusNotes || !editorShown) return;
    const timer = setTimeout(() => notesRef.current?.focus(), 300);
    notesRef.current?.focus();
    return () => clearTimeout(timer);
  }, [focusNotes, editorShown]);

  const changed =
    draft !== null &&
    loaded !== undefined &&
    (draft.status !== loaded.status || draft.notes !== loaded.notes);

  const save = async () => {
    if (!draft || id === null) return;
    setSaving(true);
    setSaveError(null);
    try {
      await saveRecord(endpoint, id, draft);
      setConflict(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.detail(endpoint, id) }),
        queryClient.invalidateQueries({ queryKey: listKeys.endpoint(endpoint) }),
      ]);
    } catch (err) {
      if (err instanceof VersionConflictError) setConflict({ message: err.message, current: err.current });
      else setSaveError(messageOf(err, 'The status and notes were not saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  /** Take over what the other operator saved, as the base of a new edit. */
  const useCurrent = () => {
    if (!conflict) return;
    setDraft({
      status: conflict.current.status,
      notes: conflict.current.notes,
      version: conflict.current.version,
    });
    setConflict(null);
    if (id !== null) {
      void queryClient.invalidateQueries({ queryKey: recordKeys.detail(endpoint, id) });
      void queryClient.invalidateQueries({ queryKey: listKeys.endpoint(endpoint) });
    }
  };

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={DRAWER_TITLE}
      closeButtonProps={{ 'aria-label': 'Close details' }}
      returnFocus
      trapFocus
    >
      {detail.isPending && id !== null ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading record" />
        </Group>
      ) : detail.isError ? (
        <Alert color="red" role="alert">
          {messageOf(detail.error, 'The record could not be loaded.')}
        </Alert>
      ) : detail.data && draft ? (
        <Stack gap="lg">
          <section aria-label="Status and notes">
            <Stack gap="xs">
              <Group gap="xs">
                <Text fw={600}>Status</Text>
                <StatusBadge status={loaded!.status} />
                <Text size="xs" c="dimmed">
                  version {loaded!.version}
                  {loaded!.updatedBy ? ` · last changed by ${loaded!.updatedBy}` : ''}
                </Text>
              </Group>
              <SegmentedControl
                aria-label="Status"
                data={STATUS_CHOICES}
                value={draft.status}
                disabled={!canEdit}
                onChange={(value) => {
                  if (isRecordStatus(value)) setDraft({ ...draft, status: value });
                }}
              />
              <Textarea
                ref={notesRef}
                data-autofocus={focusNotes || undefined}
                label="Notes"
                autosize
                minRows={3}
                maxLength={NOTES_MAX_LENGTH}
                readOnly={!canEdit}
                value={draft.notes}
                onChange={(e) => setDraft({ ...draft, notes: e.currentTarget.value })}
              />
              {conflict ? (
                <Alert color="yellow" role="alert" title={conflict.message}>
                  <Stack gap={4}>
                    <Text size="sm">Nothing was saved. The record now holds:</Text>
                    <Text size="sm">
                      Status: <StatusBadge status={conflict.current.status} />
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      Notes: {conflict.current.notes || '(none)'}
                    </Text>
                    <Group>
                      <Button size="xs" variant="light" onClick={useCurrent}>
                        {USE_CURRENT_LABEL}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : null}
              {saveError ? (
                <Alert color="red" role="alert">
                  {saveError}
                </Alert>
              ) : null}
              {canEdit ? (
                <Group>
                  <Button
                    onClick={() => void save()}
                    loading={saving}
                    disabled={!changed || conflict !== null}
                  >
                    {SAVE_LABEL}
                  </Button>
                </Group>
              ) : (
                <Text size="xs" c="dimmed">
                  View only
                </Text>
              )}
            </Stack>
          </section>

          <section aria-label="Stored fields">
            <Title order={5} mb="xs">
              Stored fields
            </Title>
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                {Object.entries(detail.data.fields).map(([column, value]) => (
                  <Table.Tr key={column}>
                    <Table.Th scope="row" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {fieldLabel(column)}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {storedText(column, value)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>

          <section aria-label={HISTORY_TITLE}>
            <Title order={5} mb="xs">
              {HISTORY_TITLE}
            </Title>
            <HistoryList entries={detail.data.history} />
          </section>
        </Stack>
      ) : null}
    </Drawer>
  );
}

export function HistoryList({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {NO_HISTORY}
      </Text>
    );
  return (
    <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((entry, i) => (
        <li key={`${entry.at}-${i}`}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge size="xs" variant="light" color={entry.kind === 'admin' ? 'blue' : 'gray'}>
              {entry.kind === 'admin' ? 'Operator' : 'Visitor'}
            </Badge>
            <div>
              <Text size="sm">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.who ?? 'unknown'} ·{' '}
                {entry.action}
              </Text>
              <Text size="sm" c="dimmed">
                {entry.summary}
              </Text>
            </div>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
