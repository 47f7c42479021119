import { screen } from '@testing-library/react';
import { BATCH_MAX_IPS } from '@tunnelscope/contracts';
import { renderWithProviders } from '../../../test/render.js';
import { CAPABILITIES, CapabilitiesSection } from './CapabilitiesSection.js';
import { FEATURES } from './FeaturesSection.js';
import { TECHNOLOGY } from './TechnologySection.js';

const everyClaim = () =>
  [...CAPABILITIES, ...FEATURES, ...TECHNOLOGY].map((item) => `${item.title} ${item.text}`).join('\n');

describe('the landing page promises only what exists', () => {
  it('advertises no risk scoring and no webhooks (no part of the product does either)', () => {
    expect(everyClaim()).not.toMatch(/risk scor|webhook/i);
    expect(everyClaim()).not.toMatch(/on a given date|what an address was at the time/i);
  });

  it('says what the detection API really does: batches, evidence and confidence, both families, export', () => {
    renderWithProviders(<CapabilitiesSection />);
    expect(screen.getByRole('heading', { name: 'Advanced capabilities' })).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`up to ${BATCH_MAX_IPS.toLocaleString('en-US')} IPv4 and IPv6 addresses`)),
    ).toBeInTheDocument();
    expect(screen.getByText(/a confidence from 0 to 100/)).toBeInTheDocument();
    expect(screen.getByText(/as an MMDB file .* or as CSV/)).toBeInTheDocument();
    // The spec's own claim stays.
    expect(screen.getByRole('heading', { name: 'Customer dashboard' })).toBeInTheDocument();
  });
});
