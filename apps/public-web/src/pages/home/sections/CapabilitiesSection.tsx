import { SimpleGrid } from '@mantine/core';
import {
  IconFileExport,
  IconGauge,
  IconHome2,
  IconLayoutDashboard,
  IconServer,
  IconStack2,
} from '@tabler/icons-react';
import { InfoCard, type InfoItem } from '../InfoCard.js';
import { Section, SectionHeader } from '../Section.js';

// Only what the product does (issue 15): the risk scoring and webhooks once listed here do not exist.
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
    title: 'Evidence and confidence',
    text: 'Every answer lists the evidence behind its verdict — an observed VPN exit, a Tor relay list, a hosting network — and a confidence from 0 to 100, so your rules can weigh it.',
    Icon: IconGauge,
  },
  {
    title: 'Batch lookups',
    text: 'Check up to 1,000 IPv4 and IPv6 addresses in one request, with an answer for each: sign-up lists, log files or a day of transactions.',
    Icon: IconStack2,
  },
  {
    title: 'Offline export',
    text: 'Keys with export download the same data as an MMDB file for your own lookups, or as CSV for analysis.',
    Icon: IconFileExport,
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
