/** The header's navigation: the home page, four of its sections, then the contact page. */
export const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/#features' },
  { label: 'Technology', to: '/#technology' },
  { label: 'API', to: '/#api' },
  { label: 'Use Cases', to: '/#use-cases' },
  { label: 'Contact', to: '/contact' },
] as const;

/** The form pages, whose header leaves the logo out so the form comes first. */
export const LOGO_HIDDEN_ON = ['/waitlist', '/vpn-request', '/contact'];
