/**
 * The unique indexes on admin_users (the plain ones and the case-insensitive ones), to tell which
 * field a unique violation (service-kit's isUniqueViolation) is about.
 */
export const USERNAME_CONSTRAINTS = ['admin_users_username_key', 'admin_users_username_lower_key'];
export const EMAIL_CONSTRAINTS = ['admin_users_email_key', 'admin_users_email_lower_key'];
