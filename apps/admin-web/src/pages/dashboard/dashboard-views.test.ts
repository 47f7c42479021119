import { ADMIN_PANEL_PATHS } from '@tunnelscope/contracts';
import {
  canonicalPanelPath,
  DASHBOARD_TABS,
  panelLocationOf,
  viewFromLegacyHash,
} from './dashboard-views.js';

describe('dashboard views', () => {
  it("has the spec's eight tabs, in order, then API Keys, with their labels", () => {
    expect(DASHBOARD_TABS.map((t) => t.value)).toEqual([
      'overview',
      'waitlist',
      'vpn-requests',
      'contacts',
      'logs',
      'sessions',
      'vpn-db',
      'search-db',
      'api-keys',
    ]);
    expect(DASHBOARD_TABS.find((t) => t.value === 'api-keys')?.label).toBe('API Keys');
    expect(DASHBOARD_TABS.find((t) => t.value === 'vpn-db')?.label).toBe('Database Analytics');
    expect(DASHBOARD_TABS.find((t) => t.value === 'search-db')?.label).toBe('Search DB');
  });

  it('reads the view, and a section, from the path', () => {
    expect(panelLocationOf('/app/sessions')).toEqual({ view: 'sessions' });
    expect(panelLocationOf('/app/users')).toEqual({ view: 'users' });
    expect(panelLocationOf('/app/vpn-db/trends')).toEqual({ view: 'vpn-db', section: 'trends' });
    expect(panelLocationOf('/')).toBeNull();
    expect(panelLocationOf('/app/nope')).toBeNull();
    expect(panelLocationOf('/sessions')).toBeNull();
  });

  it('keeps every listed panel address, and sends anything else to the closest one', () => {
    for (const path of ADMIN_PANEL_PATHS.filter((p) => p !== '/')) {
      expect(canonicalPanelPath(path)).toBe(path);
    }
    expect(canonicalPanelPath('/')).toBe('/app/overview');
    expect(canonicalPanelPath('/app')).toBe('/app/overview');
    expect(canonicalPanelPath('/app/nope')).toBe('/app/overview');
    expect(canonicalPanelPath('/app/waitlist/')).toBe('/app/waitlist');
    expect(canonicalPanelPath('/app/waitlist/extra')).toBe('/app/waitlist');
    expect(canonicalPanelPath('/app/vpn-db/nope')).toBe('/app/vpn-db');
    expect(canonicalPanelPath('/app/vpn-db/isp/extra')).toBe('/app/vpn-db/isp');
  });

  it('reads the view of an old hash address, so old bookmarks still work', () => {
    expect(viewFromLegacyHash('#sessions')).toBe('sessions');
    expect(viewFromLegacyHash('#/users')).toBe('users');
    expect(viewFromLegacyHash('#profile')).toBe('profile');
    expect(viewFromLegacyHash('')).toBeNull();
    expect(viewFromLegacyHash('#nope')).toBeNull();
  });
});
