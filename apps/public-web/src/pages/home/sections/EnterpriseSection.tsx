import { SimpleGrid } from '@mantine/core';
import {
  IconBolt,
  IconHeadset,
  IconInfinity,
  IconLock,
  IconRefresh,
  IconTrendingUp,
} from '@tabler/icons-react';
import { InfoCard, type InfoItem } from '../InfoCard.js';
import { Section, SectionHeader } from '../Section.js';

/** The six enterprise tiles, in the order the site presents them. */
export const ENTERPRISE_TILES: readonly InfoItem[] = [
  {
    title: 'Bank grade security',
    text: 'Every request and response travels over HTTPS with 256-bit SSL encryption.',
    Icon: IconLock,
  },
  {
    title: 'Fast & easy to use',
    text: 'One GET request returns JSON; the customer dashboard covers everything else.',
    Icon: IconBolt,
  },
  {
    title: 'Reliable & scalable',
    text: 'Auto-scaling infrastructure handles millions of queries daily without slowing down.',
    Icon: IconTrendingUp,
  },
  {
    title: 'Here for the long run',
    text: 'A dedicated data service with a 99.5% uptime target, built to stay part of your stack for years.',
    Icon: IconInfinity,
  },
  {
    title: 'Up-to-date data',
    text: 'The database is refreshed every 12 hours with data aggregated from multiple sources.',
    Icon: IconRefresh,
  },
  {
    title: 'Backed by experts',
    text: 'Network and fraud specialists stand behind the data and the service 24/7.',
    Icon: IconHeadset,
  },
];

/** 9. Enterprise-grade service: exactly six tiles. */
export function EnterpriseSection() {
  return (
    <Section titleId="enterprise-title">
      <SectionHeader
        titleId="enterprise-title"
        eyebrow="Why us"
        title="Enterprise-grade service for every size"
      >
        Whether you check a hundred sign-ups a day or screen every transaction, you get the same data and the
        same service.
      </SectionHeader>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {ENTERPRISE_TILES.map((item) => (
          <InfoCard key={item.title} item={item} color="teal" />
        ))}
      </SimpleGrid>
    </Section>
  );
}
