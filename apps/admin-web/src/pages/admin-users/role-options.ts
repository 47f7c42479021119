import { ADMIN_ROLES, type AdminRole } from '@tunnelscope/contracts';

const ROLE_NAMES: Record<AdminRole, string> = { admin: 'Admin', view_only: 'View only' };

/** The role choices of the Add and Edit dialogs, in the contracts' order. */
export const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));
