import { ActionIcon, Group, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useHydrated } from '../../prerender/use-hydrated.js';

const CHOICES: { scheme: MantineColorScheme; label: string; Icon: typeof IconSun }[] = [
  { scheme: 'light', label: 'Light theme', Icon: IconSun },
  { scheme: 'dark', label: 'Dark theme', Icon: IconMoon },
  { scheme: 'auto', label: 'System theme', Icon: IconDeviceDesktop },
];

/**
 * Sun, moon and monitor: the light, dark and system themes. Three pressed-state buttons rather
 * than a menu: one click, keyboard-reachable, and no popover code on the landing page.
 */
export function ThemeToggle() {
  const { colorScheme: stored, setColorScheme } = useMantineColorScheme();
  // The prerendered page cannot know the stored choice: none shows pressed until hydration is done.
  const colorScheme = useHydrated() ? stored : undefined;
  return (
    <Group gap={2} role="group" aria-label="Theme">
      {CHOICES.map(({ scheme, label, Icon }) => (
        <ActionIcon
          key={scheme}
          variant={colorScheme === scheme ? 'light' : 'subtle'}
          color={colorScheme === scheme ? 'blue' : 'gray'}
          size="lg"
          aria-label={label}
          aria-pressed={colorScheme === scheme}
          onClick={() => setColorScheme(scheme)}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      ))}
    </Group>
  );
}
