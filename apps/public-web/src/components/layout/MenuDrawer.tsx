import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * The small-screen navigation drawer, in a chunk of its own: Mantine's Drawer imports ScrollArea
 * (and the bundler groups floating-ui with it), about 15 KB gzip the home route's initial
 * JavaScript cannot afford for a menu most visitors never open. AppLayout mounts it on the first
 * open; it opens one render after mounting so even that first open slides in.
 */
export default function MenuDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);
  return (
    <Drawer opened={shown} onClose={onClose} position="right" size="xs" title="Menu" hiddenFrom="md">
      {children}
    </Drawer>
  );
}
