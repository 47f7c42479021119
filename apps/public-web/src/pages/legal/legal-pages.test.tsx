import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderWithProviders } from '../../test/render.js';
import { runtimeConfig } from '../../runtime-config.js';
import EulaPage from './EulaPage.js';
import PrivacyPage from './PrivacyPage.js';
import TermsPage from './TermsPage.js';

/** The page's text with whitespace collapsed, as a reader sees it. */
function renderText(Page: ComponentType, path: string): string {
  const { container } = renderWithProviders(<Page />, { path });
  return (container.textContent ?? '').replace(/\s+/g, ' ');
}

function expectSharedFrame(title: string) {
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  for (const link of screen.getAllByRole('link', { name: 'Back to home' })) {
    expect(link).toHaveAttribute('href', '/');
  }
  // Every entry of the table of contents points at a section heading on the page.
  const toc = screen.getByRole('navigation', { name: 'Contents' });
  const entries = within(toc).getAllByRole('link');
  expect(entries.length).toBeGreaterThanOrEqual(8);
  for (const entry of entries) {
    const id = entry.getAttribute('href')!.replace(/^#/, '');
    const section = document.getElementById(id);
    expect(section).not.toBeNull();
    expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(entry.textContent!);
  }
  expect(document.title).toBe(`${title} | ${runtimeConfig.brandName}`);
}

describe('Privacy policy', () => {
  it('has its date, the shared frame, and every required topic', () => {
    const text = renderText(PrivacyPage, '/privacy');
    expectSharedFrame('Privacy Policy');
    expect(screen.getByText('Last updated: August 21, 2025')).toHaveAttribute('datetime', '2025-08-21');
    for (const phrase of [
      runtimeConfig.brandName,
      'e-mail address',
      'company and use case',
      'IP address and browser user agent',
      'IP addresses you submit for checking',
      'personal data',
      'By default the API keeps none of them',
      'nothing beyond the per-key daily counts',
      'usage records',
      'Legal bases (GDPR)',
      'Article 6(1)(b)',
      'retained 30 days after termination',
      'HTTPS with 256-bit SSL',
      'at least 13 years old',
      'International transfers',
      'Standard Contractual Clauses',
      'Israel',
      'Your rights',
      'Who we share it with',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('links to the contact page and shows the configured addresses', () => {
    renderWithProviders(<PrivacyPage />, { path: '/privacy' });
    const contactLinks = screen.getAllByRole('link', { name: 'contact page' });
    expect(contactLinks.length).toBeGreaterThan(0);
    for (const link of contactLinks) expect(link).toHaveAttribute('href', '/contact');
    expect(screen.getAllByRole('link', { name: runtimeConfig.supportEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${runtimeConfig.supportEmail}`,
    );
    expect(screen.getByRole('link', { name: runtimeConfig.salesEmail })).toBeInTheDocument();
  });
});

describe('SaaS terms', () => {
  it('has its date and every number of the legal terms', () => {
    const text = renderText(TermsPage, '/terms');
    expectSharedFrame('SaaS Terms');
    expect(screen.getByText('Effective: August 12, 2025')).toHaveAttribute('datetime', '2025-08-12');
    for (const phrase of [
      'API subscription',
      'Dashboard subscription',
      'Enterprise subscription',
      'API keys must not be shared',
      'Security testing is prohibited',
      'due within 30 days of the invoice date',
      '1.5% per month, or the highest rate the law allows',
      'If a payment is 15 or more days late, we may suspend access',
      'target uptime for the API and the dashboard is 99.5%',
      'does not cure the breach within 30 days',
      'retained 30 days after termination',
      'in the 12 months before the event',
      'at least 13 years old',
      'laws of the State of Israel',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});

describe('EULA', () => {
  it('has its date, the license, restrictions, liability cap and governing law', () => {
    const text = renderText(EulaPage, '/eula');
    expectSharedFrame('End-User License Agreement');
    expect(screen.getByText('Effective: August 12, 2025')).toHaveAttribute('datetime', '2025-08-12');
    for (const phrase of [
      'License grant',
      'the dashboard',
      'API clients',
      'reverse engineer',
      'share API keys',
      'security testing',
      'licensed, not sold',
      'Updates',
      'Termination',
      'as is',
      'in the 12 months before the event',
      'laws of the State of Israel',
      'at least 13 years old',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(screen.getByRole('link', { name: 'SaaS Terms' })).toHaveAttribute('href', '/terms');
  });
});
