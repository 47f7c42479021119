// Plain data with no zod, like admin-routes.ts: the admin SPA and the gateway's tests read it.
/**
 * The admin panel's own addresses: the screens of the SPA, relative to the `/admin-<hex>` prefix.
 *
 * Every screen lives under one segment, `/app`, that the gateway never sends to a service. The
 * API calls (ADMIN_API) own the other first segments (`/auth`, `/data`, `/dashboard`, `/vpn-db`,
 * `/admin-users`, and whatever later services add), so a tab's address can never be taken for an
 * API call, nor an API call for a tab. The signed-out sign-in screen is the bare prefix.
 */

/** The one segment every screen of the panel lives under. */
export const ADMIN_PANEL_BASE = '/app';

/** The sign-in screen's address (signed out, every panel address shows it in place). */
export const ADMIN_PANEL_SIGN_IN_PATH = '/';

/** The dashboard's tabs, in the order the tab bar shows them (the spec's own tab names). */
export const ADMIN_PANEL_TABS = [
  'overview',
  'waitlist',
  'vpn-requests',
  'contacts',
  'logs',
  'sessions',
  'vpn-db',
  'search-db',
] as const;
export type AdminPanelTab = (typeof ADMIN_PANEL_TABS)[number];

/**
 * Tabs added after the spec, shown after its eight: the detection API's keys (issue 12). Kept
 * apart so the spec's own list above stays as the spec wrote it.
 */
export const ADMIN_PANEL_ADDED_TABS = ['api-keys'] as const;

/** The whole tab bar, in order: the spec's tabs, then the added ones. */
export const ADMIN_PANEL_TAB_BAR = [...ADMIN_PANEL_TABS, ...ADMIN_PANEL_ADDED_TABS] as const;
export type AdminPanelTabBarTab = (typeof ADMIN_PANEL_TAB_BAR)[number];

/** Views opened from the header instead of the tab bar: Admin Users and Profile Settings. */
export const ADMIN_PANEL_HEADER_VIEWS = ['users', 'profile'] as const;

export const ADMIN_PANEL_VIEWS = [...ADMIN_PANEL_TAB_BAR, ...ADMIN_PANEL_HEADER_VIEWS] as const;
export type AdminPanelView = (typeof ADMIN_PANEL_VIEWS)[number];

/** Where a signed-in operator lands, and where an unknown panel address leads. */
export const ADMIN_PANEL_DEFAULT_VIEW: AdminPanelView = 'overview';

/**
 * Views whose own sub-tabs have an address too, `/app/<view>/<section>`; the first section is
 * the one `/app/<view>` shows.
 */
export const ADMIN_PANEL_SECTIONS = {
  'vpn-db': ['metadata', 'trends', 'geo', 'vendors', 'isp'],
  profile: ['general', 'security'],
} as const satisfies Partial<Record<AdminPanelView, readonly [string, ...string[]]>>;
export type AdminPanelSectionView = keyof typeof ADMIN_PANEL_SECTIONS;
export type AdminPanelSection<V extends AdminPanelSectionView> = (typeof ADMIN_PANEL_SECTIONS)[V][number];

/** `/app/<view>`, or `/app/<view>/<section>`: relative to the prefix, as a router below it uses. */
export function adminPanelPath(view: AdminPanelView, section?: string): string {
  return section ? `${ADMIN_PANEL_BASE}/${view}/${section}` : `${ADMIN_PANEL_BASE}/${view}`;
}

/**
 * Every address the panel has, relative to the prefix: the sign-in screen, each view and each
 * section. The gateway's tests open each one, so a new tab is covered as soon as it is listed here.
 */
export const ADMIN_PANEL_PATHS: readonly string[] = [
  ADMIN_PANEL_SIGN_IN_PATH,
  ...ADMIN_PANEL_VIEWS.map((view) => adminPanelPath(view)),
  ...Object.entries(ADMIN_PANEL_SECTIONS).flatMap(([view, sections]) =>
    sections.map((section) => adminPanelPath(view as AdminPanelSectionView, section)),
  ),
];
