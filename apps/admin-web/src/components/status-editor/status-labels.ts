/**
 * How an entry status reads: Waiting, Pending and Complete in full; Wait, Pend and Done in the
 * editor; Wait, Pend and OK on the compact badge.
 */
import type { MantineColor } from '@mantine/core';
import { RECORD_STATUSES, type RecordStatus } from '@tunnelscope/contracts';

export const STATUS_LABELS: Record<RecordStatus, string> = {
  Waiting: 'Waiting',
  Pending: 'Pending',
  Complete: 'Complete',
};

export const COMPACT_STATUS_LABELS: Record<RecordStatus, string> = {
  Waiting: 'Wait',
  Pending: 'Pend',
  Complete: 'OK',
};

export const EDIT_STATUS_LABELS: Record<RecordStatus, string> = {
  Waiting: 'Wait',
  Pending: 'Pend',
  Complete: 'Done',
};

export const STATUS_COLORS: Record<RecordStatus, MantineColor> = {
  Waiting: 'gray',
  Pending: 'yellow',
  Complete: 'green',
};

/** The editor's choices, in the contracts' order. */
export const STATUS_CHOICES = RECORD_STATUSES.map((status) => ({
  value: status,
  label: EDIT_STATUS_LABELS[status],
}));

export function isRecordStatus(value: string): value is RecordStatus {
  return (RECORD_STATUSES as readonly string[]).includes(value);
}
