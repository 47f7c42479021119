/**
 * The dashboard header: welcome message, a 2FA badge when two-factor is enabled, Refresh, Admin
 * Users, the theme toggle and the Profile menu (role badge, Profile Settings, Logout).
 */
import { Avatar, Badge, Burger, Button, Group, Menu, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLogout,
  IconRefresh,
  IconSettings,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { AdminUser } from '@tunnelscope/contracts';
import { runtimeConfig } from '../../runtime-config.js';
import { ThemeToggle } from '../../theme/ThemeToggle.js';

export const roleLabel = (role: AdminUser['role']): string => (role === 'admin' ? 'ADMIN' : 'VIEW ONLY');

export interface DashboardHeaderProps {
  user: AdminUser;
  usersActive: boolean;
  refreshing: boolean;
  onRefresh(): void;
  onAdminUsers(): void;
  onProfile(): void;
  onLogout(): void;
  menuOpened: boolean;
  onToggleMenu(): void;
}

function HeaderActions({
  user,
  usersActive,
  refreshing,
  onRefresh,
  onAdminUsers,
  onProfile,
  onLogout,
}: Omit<DashboardHeaderProps, 'menuOpened' | 'onToggleMenu'>) {
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRefresh}
        loading={refreshing}
      >
        Refresh
      </Button>
      <Button
        variant={usersActive ? 'filled' : 'default'}
        leftSection={<IconUsers size={16} aria-hidden />}
        onClick={onAdminUsers}
        aria-pressed={usersActive}
      >
        Admin Users
      </Button>
      <ThemeToggle />
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="Profile">
            <Group gap={6} wrap="nowrap">
              <Avatar radius="xl" size="sm" color="blue">
                {user.username.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="md">
                Profile
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
                {user.username}
              </Text>
              <Badge size="sm" variant="light" color={user.role === 'admin' ? 'blue' : 'gray'}>
                {roleLabel(user.role)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={onProfile}>
            Profile Settings
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

export function DashboardHeader(props: DashboardHeaderProps) {
  const { user, menuOpened, onToggleMenu } = props;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
          {runtimeConfig.brandName} Admin
        </Title>
        <Text size="sm" c="dimmed" visibleFrom="sm" truncate>
          Welcome, {user.username}
        </Text>
        {user.twoFactorEnabled && (
          <Badge
            color="green"
            variant="light"
            leftSection={<IconShieldCheck size={12} aria-hidden />}
            aria-label="Two-factor authentication enabled"
          >
            2FA
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" visibleFrom="sm">
        <HeaderActions {...props} />
      </Group>
      {/* Narrow screens: the same actions behind a toggle, in a row under the header. */}
      <Burger
        opened={menuOpened}
        onClick={onToggleMenu}
        hiddenFrom="sm"
        size="sm"
        aria-label="Toggle header actions"
      />
      {menuOpened && (
        <Group
          gap="xs"
          hiddenFrom="sm"
          pos="absolute"
          top="100%"
          left={0}
          right={0}
          p="sm"
          bg="var(--mantine-color-body)"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" c="dimmed" w="100%">
            Welcome, {user.username}
          </Text>
          <HeaderActions {...props} />
        </Group>
      )}
    </Group>
  );
}
