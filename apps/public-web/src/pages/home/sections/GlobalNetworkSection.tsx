import { List, SimpleGrid, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Globe, GLOBE_CITIES } from '../../../components/globe/index.js';
import { Section, SectionHeader } from '../Section.js';
import classes from '../HomePage.module.css';

const POINTS = [
  `${GLOBE_CITIES.length} hubs on six continents where VPN exit servers cluster, from Los Angeles to Sydney.`,
  'Datacenter and residential ranges tracked side by side.',
  'A fresh snapshot of every provider’s servers every 12 hours.',
];

/** 4. Global network intelligence, with the interactive globe. */
export function GlobalNetworkSection() {
  return (
    <Section titleId="network-title" tinted>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
        <div>
          <SectionHeader
            titleId="network-title"
            eyebrow="Coverage"
            title="Global network intelligence"
            centered={false}
          >
            VPN providers rent servers in the same data-centre hubs worldwide. We follow each provider’s exit
            addresses across those hubs as servers are added, moved and retired.
          </SectionHeader>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                <IconCheck size={14} stroke={2.5} />
              </ThemeIcon>
            }
          >
            {POINTS.map((point) => (
              <List.Item key={point} className={classes.muted}>
                {point}
              </List.Item>
            ))}
          </List>
        </div>
        <Globe />
      </SimpleGrid>
    </Section>
  );
}
