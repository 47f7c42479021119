import {
  ADMIN_PANEL_BASE,
  ADMIN_PANEL_PATHS,
  ADMIN_PANEL_SECTIONS,
  ADMIN_PANEL_SIGN_IN_PATH,
  ADMIN_PANEL_TAB_BAR,
  ADMIN_PANEL_TABS,
  ADMIN_PANEL_VIEWS,
  adminPanelPath,
} from './admin-panel.js';
import { ADMIN_API } from './admin-routes.js';

const firstSegment = (path: string) => path.split('/')[1] ?? '';

describe('admin panel addresses', () => {
  it('keeps every screen under /app, a segment no admin API call begins with', () => {
    const apiSegments = new Set(Object.values(ADMIN_API).map((call) => firstSegment(call.path)));
    expect(apiSegments.has(firstSegment(ADMIN_PANEL_BASE))).toBe(false);
    for (const path of ADMIN_PANEL_PATHS) {
      if (path === ADMIN_PANEL_SIGN_IN_PATH) continue;
      expect(path.startsWith(`${ADMIN_PANEL_BASE}/`)).toBe(true);
    }
  });

  it('lists the sign-in screen, every view and every section once', () => {
    expect(new Set(ADMIN_PANEL_PATHS).size).toBe(ADMIN_PANEL_PATHS.length);
    expect(ADMIN_PANEL_PATHS).toContain('/');
    for (const view of ADMIN_PANEL_VIEWS) expect(ADMIN_PANEL_PATHS).toContain(`/app/${view}`);
    expect(ADMIN_PANEL_PATHS).toContain('/app/vpn-db/trends');
    expect(ADMIN_PANEL_PATHS).toContain('/app/profile/security');
    const sections = Object.values(ADMIN_PANEL_SECTIONS).flat().length;
    expect(ADMIN_PANEL_PATHS).toHaveLength(1 + ADMIN_PANEL_VIEWS.length + sections);
  });

  it('has the eight tabs of the spec, in order', () => {
    expect(ADMIN_PANEL_TABS).toEqual([
      'overview',
      'waitlist',
      'vpn-requests',
      'contacts',
      'logs',
      'sessions',
      'vpn-db',
      'search-db',
    ]);
  });

  it('never names a file: the gateway serves a last segment with a dot as a static file', () => {
    for (const path of ADMIN_PANEL_PATHS) expect(path).not.toMatch(/\./);
  });

  it('builds view and section addresses', () => {
    expect(adminPanelPath('waitlist')).toBe('/app/waitlist');
    expect(adminPanelPath('vpn-db', 'isp')).toBe('/app/vpn-db/isp');
  });
});

describe('tabs added after the spec', () => {
  it('shows the API Keys tab after the spec’s eight, with an address of its own', () => {
    expect(ADMIN_PANEL_TAB_BAR).toEqual([...ADMIN_PANEL_TABS, 'api-keys']);
    expect(ADMIN_PANEL_PATHS).toContain('/app/api-keys');
  });
});
