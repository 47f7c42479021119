export { ShortcutsDialog, SHORTCUTS_TITLE } from './ShortcutsDialog.js';
