import { SimpleGrid } from '@mantine/core';
import {
  IconArrowsShuffle,
  IconBuilding,
  IconHistory,
  IconMapPin,
  IconShieldCheck,
  IconSpy,
} from '@tabler/icons-react';
import { InfoCard, type InfoItem } from '../InfoCard.js';
import { Section, SectionHeader } from '../Section.js';

export const FEATURES: readonly InfoItem[] = [
  {
    title: 'VPN detection',
    text: 'Match an address against the exit servers of commercial VPN services and learn which provider runs it — not just that it is a VPN.',
    Icon: IconShieldCheck,
  },
  {
    title: 'Tor exit nodes',
    text: 'Flag traffic leaving the Tor network through current exit relays, tracked as relays join and leave.',
    Icon: IconSpy,
  },
  {
    title: 'Proxy detection',
    text: 'Catch open HTTP and SOCKS proxies and the residential proxy networks used to hide a visitor’s real address.',
    Icon: IconArrowsShuffle,
  },
  {
    title: 'Company & ISP attribution',
    text: 'See the organization behind an address — its name, domain and type — together with its ASN and announced route.',
    Icon: IconBuilding,
  },
  {
    title: 'Geolocation',
    text: 'Country, region and city for every address, so you can compare where visitors say they are with where their traffic comes from.',
    Icon: IconMapPin,
  },
  {
    title: 'Historical IP data',
    text: 'When an address was first and last seen on a VPN, proxy or Tor network, so an old detection is not taken for a current one.',
    Icon: IconHistory,
  },
];

/** 3. Features (#features). */
export function FeaturesSection() {
  return (
    <Section id="features" titleId="features-title">
      <SectionHeader titleId="features-title" eyebrow="Features" title="Everything behind an IP address">
        One lookup tells you whether a connection is masked, by which service, and who operates the network it
        comes from.
      </SectionHeader>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map((item) => (
          <InfoCard key={item.title} item={item} />
        ))}
      </SimpleGrid>
    </Section>
  );
}
