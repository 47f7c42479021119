/**
 * The dashboard's views and their addresses: the spec's eight tabs and API Keys, plus the users and profile views
 * opened from the header. The view is the path (`/app/waitlist`, `/app/users` …, below the
 * prefix; the list lives in @tunnelscope/contracts), so a reload or a shared link opens the same
 * view, and the browser's Back button returns to the previous one. Sub-tabs with an address of
 * their own (Database Analytics, Profile Settings) add a segment: `/app/vpn-db/trends`.
 */
import {
  ADMIN_PANEL_BASE,
  ADMIN_PANEL_DEFAULT_VIEW,
  ADMIN_PANEL_SECTIONS,
  ADMIN_PANEL_TAB_BAR,
  ADMIN_PANEL_VIEWS,
  adminPanelPath,
  type AdminPanelSection,
  type AdminPanelSectionView,
  type AdminPanelTabBarTab,
  type AdminPanelView,
} from '@tunnelscope/contracts';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const TAB_LABELS: Record<AdminPanelTabBarTab, string> = {
  overview: 'Overview',
  waitlist: 'Waitlist',
  'vpn-requests': 'VPN Requests',
  contacts: 'Contacts',
  logs: 'Logs',
  sessions: 'Sessions',
  'vpn-db': 'Database Analytics',
  'search-db': 'Search DB',
  'api-keys': 'API Keys',
};

/** The tab bar, in the contracts' order: the spec's eight tabs, then API Keys. */
export const DASHBOARD_TABS = ADMIN_PANEL_TAB_BAR.map((value) => ({ value, label: TAB_LABELS[value] }));

export type DashboardTab = AdminPanelTabBarTab;
export type DashboardView = AdminPanelView;

export const DEFAULT_VIEW: DashboardView = ADMIN_PANEL_DEFAULT_VIEW;

const VIEWS: ReadonlySet<string> = new Set(ADMIN_PANEL_VIEWS);
const TABS: ReadonlySet<string> = new Set(ADMIN_PANEL_TAB_BAR);

const isView = (name: string): name is DashboardView => VIEWS.has(name);

export function isTab(view: DashboardView): view is DashboardTab {
  return TABS.has(view);
}

export interface PanelLocation {
  view: DashboardView;
  /** The segment after the view, if any (not checked against the view's sections here). */
  section?: string;
}

/**
 * The view a path (relative to the prefix) names: `/app/<view>` or `/app/<view>/<section>`.
 * Null for anything else, including an unknown view.
 */
export function panelLocationOf(pathname: string): PanelLocation | null {
  if (!pathname.startsWith(`${ADMIN_PANEL_BASE}/`)) return null;
  const [view, section] = pathname.slice(ADMIN_PANEL_BASE.length + 1).split('/');
  if (!view || !isView(view)) return null;
  return section ? { view, section } : { view };
}

/**
 * The view of an address from before views had paths (`#waitlist`, `#/users`), so old bookmarks
 * still open the view they named. Null when the hash names none.
 */
export function viewFromLegacyHash(hash: string): DashboardView | null {
  const name = hash.replace(/^#\/?/, '');
  return isView(name) ? name : null;
}

/** Whether `view` has sub-tabs with addresses of their own. */
function hasSections(view: DashboardView): view is AdminPanelSectionView {
  return Object.hasOwn(ADMIN_PANEL_SECTIONS, view);
}

/**
 * Where a signed-in operator belongs for `pathname`: the path itself when it names a view (and,
 * after it, nothing or one of that view's sections), else the closest address that does: the
 * view alone, or the default view. A path that differs from its answer is redirected.
 */
export function canonicalPanelPath(pathname: string): string {
  const here = panelLocationOf(pathname);
  if (!here) return adminPanelPath(DEFAULT_VIEW);
  const { view, section } = here;
  if (section !== undefined && hasSections(view) && isSectionOf(view, section)) {
    return adminPanelPath(view, section);
  }
  return adminPanelPath(view);
}

/** The current view and a way to open another (a new history entry, so Back returns). */
export function useDashboardView(): [DashboardView, (view: DashboardView) => void] {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = panelLocationOf(pathname)?.view ?? DEFAULT_VIEW;
  const go = useCallback(
    (next: DashboardView) => {
      if (next !== view) void navigate(adminPanelPath(next));
    },
    [navigate, view],
  );
  return [view, go];
}

/** Whether `section` is one of `view`'s sub-tabs. */
export function isSectionOf<V extends AdminPanelSectionView>(
  view: V,
  section: string | undefined,
): section is AdminPanelSection<V> {
  return section !== undefined && (ADMIN_PANEL_SECTIONS[view] as readonly string[]).includes(section);
}

/**
 * The open sub-tab of `view` (its first when the path names none or an unknown one) and a way to
 * open another, which puts it in the path.
 */
export function useViewSection<V extends AdminPanelSectionView>(
  view: V,
): [AdminPanelSection<V>, (section: AdminPanelSection<V>) => void] {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const here = panelLocationOf(pathname);
  const named = here?.view === view ? here.section : undefined;
  const section: AdminPanelSection<V> = isSectionOf(view, named) ? named : ADMIN_PANEL_SECTIONS[view][0];
  const go = useCallback(
    (next: AdminPanelSection<V>) => {
      if (next !== section) void navigate(adminPanelPath(view, next));
    },
    [navigate, section, view],
  );
  return [section, go];
}
