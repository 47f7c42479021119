import { SimpleGrid } from '@mantine/core';
import {
  IconGauge,
  IconHome2,
  IconLayoutDashboard,
  IconServer,
  IconStack2,
  IconWebhook,
} from '@tabler/icons-react';
import { InfoCard, type InfoItem } from '../InfoCard.js';
import { Section, SectionHeader } from '../Section.js';

export const CAPABILITIES: readonly InfoItem[] = [
  {
    title: 'Residential proxy detection',
    text: 'Residential proxies route traffic through real home connections. We recognise the networks behind them, so they do not pass as ordinary broadband users.',
    Icon: IconHome2,
  },
  {
    title: 'Datacenter ranges',
    text: 'Know when a visitor connects from a cloud or hosting provider instead of a consumer ISP — a strong signal for bots and scripted sign-ups.',
    Icon: IconServer,
  },
  {
    title: 'Risk scoring',
    text: 'VPN, Tor, proxy and hosting signals combined into one score you can put straight into allow, challenge or block rules.',
    Icon: IconGauge,
  },
  {
    title: 'Bulk lookups',
    text: 'Screen thousands of addresses in one request: sign-up lists, log files or a day of transactions.',
    Icon: IconStack2,
  },
  {
    title: 'Webhooks',
    text: 'Be told when an address you watch joins a VPN or proxy network, instead of polling for changes.',
    Icon: IconWebhook,
  },
  {
    title: 'Customer dashboard',
    text: 'Look up addresses, follow your usage and manage API keys from the dashboard — no code needed.',
    Icon: IconLayoutDashboard,
  },
];

/** 5. Advanced capabilities. */
export function CapabilitiesSection() {
  return (
    <Section titleId="capabilities-title">
      <SectionHeader titleId="capabilities-title" eyebrow="Beyond yes or no" title="Advanced capabilities">
        The signals fraud and security teams ask for once simple VPN detection is in place.
      </SectionHeader>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {CAPABILITIES.map((item) => (
          <InfoCard key={item.title} item={item} color="indigo" />
        ))}
      </SimpleGrid>
    </Section>
  );
}
