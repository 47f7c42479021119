import { SimpleGrid } from '@mantine/core';
import {
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconDeviceGamepad2,
  IconGavel,
  IconMovie,
  IconShieldLock,
  IconShoppingCart,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { InfoCard, type InfoItem } from '../InfoCard.js';
import { Section, SectionHeader } from '../Section.js';

/** The eight industries the site names, in the order it presents them. */
export const USE_CASES: readonly InfoItem[] = [
  {
    title: 'Financial Services',
    text: 'Stop account takeover and payment fraud from masked connections, and support KYC/AML compliance by checking that customers connect from where they say they live.',
    Icon: IconBuildingBank,
  },
  {
    title: 'Content & Media',
    text: 'Enforce geo-restrictions and licensing territories by spotting viewers who reach your catalogue through VPNs and proxies.',
    Icon: IconMovie,
  },
  {
    title: 'E-commerce & Retail',
    text: 'Cut chargebacks and promotion abuse by flagging orders placed through VPNs, proxies or Tor, where billing and connection locations disagree.',
    Icon: IconShoppingCart,
  },
  {
    title: 'Advertising & Marketing',
    text: 'Filter click fraud and bot traffic from datacenter and proxy addresses, so budgets pay for real people and reports show real audiences.',
    Icon: IconSpeakerphone,
  },
  {
    title: 'Gaming & Entertainment',
    text: 'Strengthen anti-cheat with connection data: catch ban evasion, region hopping in matchmaking and multi-accounting behind VPNs.',
    Icon: IconDeviceGamepad2,
  },
  {
    title: 'InfoSec & Cybersecurity',
    text: 'Enrich SIEM alerts and detect threat command-and-control (C&C) traffic hiding behind anonymizing infrastructure.',
    Icon: IconShieldLock,
  },
  {
    title: 'Corporate & Enterprise',
    text: 'Apply stricter access policies to logins from anonymous networks and spot unsanctioned VPN use on company accounts.',
    Icon: IconBuildingSkyscraper,
  },
  {
    title: 'Law Enforcement & Government',
    text: 'Support forensics with historical records of which provider and network an address belonged to on a given date.',
    Icon: IconGavel,
  },
];

/** 8. Use cases (#use-cases): exactly eight industry cards. */
export function UseCasesSection() {
  return (
    <Section id="use-cases" titleId="use-cases-title" tinted>
      <SectionHeader titleId="use-cases-title" eyebrow="Use cases" title="Use Cases Across Industries">
        From payments to public safety, teams use VPN and proxy intelligence to tell real users from masked
        ones.
      </SectionHeader>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {USE_CASES.map((item) => (
          <InfoCard key={item.title} item={item} />
        ))}
      </SimpleGrid>
    </Section>
  );
}
