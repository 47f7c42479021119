/** The '?' dialog: the data table's keyboard shortcuts. */
import { Kbd, Modal, Table } from '@mantine/core';
import { REVIEW_SHORTCUTS } from '../data-table/review-keys.js';

export const SHORTCUTS_TITLE = 'Keyboard shortcuts';

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={SHORTCUTS_TITLE} centered>
      <Table aria-label={SHORTCUTS_TITLE} verticalSpacing="xs">
        <Table.Tbody>
          {REVIEW_SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.description}>
              <Table.Td style={{ width: 90 }}>
                {shortcut.keys.map((key) => (
                  <Kbd key={key}>{key}</Kbd>
                ))}
              </Table.Td>
              <Table.Td>{shortcut.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
