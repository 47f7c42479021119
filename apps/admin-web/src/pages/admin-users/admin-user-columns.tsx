import { Badge, Group, Text } from '@mantine/core';
import { IconEdit, IconKey, IconLockOpen, IconLogout2, IconShieldOff, IconTrash } from '@tabler/icons-react';
import type { AdminRole, AdminUser } from '@tunnelscope/contracts';
import {
  formatDateTime,
  RowAction,
  VIEW_ONLY_REASON,
  type DataTableColumn,
  type DataTableFilter,
} from '../../components/data-table/index.js';
import { ROLE_OPTIONS } from './role-options.js';

export const ROLE_LABELS: Record<AdminRole, string> = { admin: 'ADMIN', view_only: 'VIEW ONLY' };
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';

export function RoleBadge({ role }: { role: AdminRole }) {
  return (
    <Badge color={role === 'admin' ? 'blue' : 'gray'} variant="light">
      {ROLE_LABELS[role]}
    </Badge>
  );
}

export const ADMIN_USER_FILTERS: DataTableFilter[] = [
  {
    key: 'role',
    label: 'Role',
    options: [{ value: 'all', label: 'All roles' }, ...ROLE_OPTIONS],
  },
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'all', label: 'All statuses' },
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
    ],
  },
];

export interface AdminUserActions {
  currentUser: AdminUser;
  onEdit: (user: AdminUser) => void;
  onResetPassword: (user: AdminUser) => void;
  onUnlock: (user: AdminUser) => void;
  onReset2fa: (user: AdminUser) => void;
  /** "End all sessions" of that operator (issue 16; admin role, after a confirmation). */
  onEndSessions?: (user: AdminUser) => void;
}

/** Locked by failed sign-ins right now: `lockedUntil` is still ahead. */
export function isLocked(user: Pick<AdminUser, 'lockedUntil'>, now: number = Date.now()): boolean {
  if (!user.lockedUntil) return false;
  const until = Date.parse(user.lockedUntil);
  return !Number.isNaN(until) && until > now;
}

export const NOT_LOCKED_REASON = 'Not locked';
export const NO_2FA_REASON = '2FA is not enabled';

/**
 * The Admin Users table: username, email, role badge, Status, 2FA, last login, created, actions.
 * Only an admin sees the delete buttons; edit and reset stay in
 * place for view_only, disabled with a 'View only' hint.
 */
export function adminUserColumns({
  currentUser,
  onEdit,
  onResetPassword,
  onUnlock,
  onReset2fa,
  onEndSessions,
}: AdminUserActions): DataTableColumn<AdminUser>[] {
  const isAdmin = currentUser.role === 'admin';
  const denied = isAdmin ? undefined : VIEW_ONLY_REASON;
  return [
    {
      key: 'username',
      label: 'Username',
      sortable: true,
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {user.username}
          </Text>
          {user.id === currentUser.id && (
            <Badge size="xs" variant="outline">
              You
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'email', label: 'Email', sortable: true },
    { key: 'role', label: 'Role', sortable: true, render: (user) => <RoleBadge role={user.role} /> },
    {
      key: 'isActive',
      label: 'Status',
      render: (user) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={user.isActive ? 'green' : 'gray'} variant="light">
            {user.isActive ? 'Active' : 'Inactive'}
          </Badge>
          {isLocked(user) && (
            <Badge color="red" variant="light" title={`${user.failedLoginAttempts} failed attempts`}>
              Locked until {formatDateTime(user.lockedUntil)}
            </Badge>
          )}
          {user.mustChangePassword && (
            <Badge color="yellow" variant="light" title="A new password is chosen at the next sign-in">
              Password change due
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'twoFactorEnabled',
      label: '2FA',
      render: (user) => (
        <Badge color={user.twoFactorEnabled ? 'teal' : 'yellow'} variant="light">
          {user.twoFactorEnabled ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
    {
      key: 'lastLogin',
      label: 'Last Login',
      sortable: true,
      render: (user) => formatDateTime(user.lastLogin, 'Never'),
    },
    {
      key: 'createdAt',
      label: 'Created At',
      sortable: true,
      render: (user) => formatDateTime(user.createdAt),
    },
    {
      key: 'actions',
      label: 'Actions',
      csv: false,
      render: (user, table) => (
        <Group gap={4} wrap="nowrap">
          <RowAction
            label="Edit"
            icon={<IconEdit size={16} />}
            disabledReason={denied}
            onClick={() => onEdit(user)}
          />
          <RowAction
            label="Reset password"
            color="orange"
            icon={<IconKey size={16} />}
            disabledReason={denied}
            onClick={() => onResetPassword(user)}
          />
          {isAdmin && (
            <RowAction
              label="Unlock"
              color="teal"
              icon={<IconLockOpen size={16} />}
              disabledReason={isLocked(user) ? undefined : NOT_LOCKED_REASON}
              onClick={() => onUnlock(user)}
            />
          )}
          {isAdmin && (
            <RowAction
              label="Reset 2FA"
              color="orange"
              icon={<IconShieldOff size={16} />}
              disabledReason={user.twoFactorEnabled ? undefined : NO_2FA_REASON}
              onClick={() => onReset2fa(user)}
            />
          )}
          {isAdmin && onEndSessions && (
            <RowAction
              label="End all sessions"
              color="red"
              icon={<IconLogout2 size={16} />}
              onClick={() => onEndSessions(user)}
            />
          )}
          {table.canDelete && (
            <RowAction
              label="Delete"
              color="red"
              icon={<IconTrash size={16} />}
              disabledReason={user.id === currentUser.id ? CANNOT_DELETE_SELF : undefined}
              onClick={() => table.requestDelete(user)}
            />
          )}
        </Group>
      ),
    },
  ];
}
