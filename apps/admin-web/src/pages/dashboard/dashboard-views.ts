/**
 * The dashboard's views: the eight tabs of admin §2 plus the users and profile views reached from
 * the header. The current one lives in the URL hash (`#sessions`, `#users` …), so a reload keeps
 * it and the browser's Back button returns to the previous tab.
 */
import { useCallback, useEffect, useState } from 'react';

export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'waitlist', label: 'Waitlist' },
  { value: 'vpn-requests', label: 'VPN Requests' },
  { value: 'contacts', label: 'Contacts' },
  { value: 'logs', label: 'Logs' },
  { value: 'sessions', label: 'Sessions' },
  { value: 'vpn-db', label: 'Database Analytics' },
  { value: 'search-db', label: 'Search DB' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];
export type DashboardView = DashboardTab | 'users' | 'profile';

export const DEFAULT_VIEW: DashboardView = 'overview';

const VIEWS: ReadonlySet<string> = new Set([...DASHBOARD_TABS.map((t) => t.value), 'users', 'profile']);

export function viewFromHash(hash: string): DashboardView {
  const name = hash.replace(/^#\/?/, '');
  return VIEWS.has(name) ? (name as DashboardView) : DEFAULT_VIEW;
}

export function isTab(view: DashboardView): view is DashboardTab {
  return view !== 'users' && view !== 'profile';
}

export function useDashboardView(): [DashboardView, (view: DashboardView) => void] {
  const [view, setView] = useState<DashboardView>(() => viewFromHash(window.location.hash));

  useEffect(() => {
    const follow = () => setView(viewFromHash(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const go = useCallback((next: DashboardView) => {
    if (viewFromHash(window.location.hash) !== next) window.location.hash = next;
    setView(next);
  }, []);

  return [view, go];
}
