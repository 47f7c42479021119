/** Navigation of public §2: four home-page anchors, then the contact page. */
export const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/#features' },
  { label: 'Technology', to: '/#technology' },
  { label: 'API', to: '/#api' },
  { label: 'Use Cases', to: '/#use-cases' },
  { label: 'Contact', to: '/contact' },
] as const;

/** Pages whose header hides the logo (public §2). */
export const LOGO_HIDDEN_ON = ['/waitlist', '/vpn-request', '/contact'];
