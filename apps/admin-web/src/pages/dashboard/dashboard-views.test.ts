import { DASHBOARD_TABS, viewFromHash } from './dashboard-views.js';

describe('dashboard views', () => {
  it('has the eight tabs of the spec, in order, with their labels', () => {
    expect(DASHBOARD_TABS.map((t) => t.value)).toEqual([
      'overview',
      'waitlist',
      'vpn-requests',
      'contacts',
      'logs',
      'sessions',
      'vpn-db',
      'search-db',
    ]);
    expect(DASHBOARD_TABS.find((t) => t.value === 'vpn-db')?.label).toBe('Database Analytics');
    expect(DASHBOARD_TABS.find((t) => t.value === 'search-db')?.label).toBe('Search DB');
  });

  it('reads the view from the hash, and falls back to the overview', () => {
    expect(viewFromHash('#sessions')).toBe('sessions');
    expect(viewFromHash('#/users')).toBe('users');
    expect(viewFromHash('#profile')).toBe('profile');
    expect(viewFromHash('')).toBe('overview');
    expect(viewFromHash('#nope')).toBe('overview');
  });
});
