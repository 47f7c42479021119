export { StatusEditor, EDIT_STATUS_LABEL, type StatusEditorProps } from './StatusEditor.js';
export { StatusBadge } from './StatusBadge.js';
export {
  COMPACT_STATUS_LABELS,
  EDIT_STATUS_LABELS,
  STATUS_CHOICES,
  STATUS_COLORS,
  STATUS_LABELS,
  isRecordStatus,
} from './status-labels.js';
